//! A small ZeroMQ (ZMTP 3.0, NULL mechanism) over tokio: the three socket types a Jupyter kernel binds, as
//! the kernel uses them — ROUTER (shell, control, stdin), PUB (iopub) and a REP that echoes (heartbeat).
//!
//! It replaces the `zeromq` crate, which allocated whatever a frame header declared (a 2^62-byte frame
//! aborted the process) and whose REP task panicked on a message without an envelope. Here every
//! connection runs in its own task: a frame whose declared size puts its message over the limit (see
//! [`codec`]), a malformed frame, a wrong mechanism or socket type, or a handshake that takes over
//! [`HANDSHAKE_TIMEOUT`] ends that connection only; the socket goes on accepting others.
//!
//! Semantics follow libzmq's defaults: ROUTER prefixes each received message with the peer's identity (its
//! `Identity` property, else a generated 5-byte one starting with a zero byte) and routes a sent message by
//! its first frame, dropping it when the peer is gone or has 1000 messages queued (a newer connection with
//! the same identity takes it over); PUB sends to each peer whose subscriptions (sent as `0x01`+topic
//! messages or `SUBSCRIBE` commands) prefix the first frame, dropping for a peer with 1000 queued.

pub mod codec;

use bytes::{Bytes, BytesMut};
use codec::{Decoder, Event};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;

/// A peer must finish the greeting and `READY` within this time.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Messages queued for one peer before more are dropped (libzmq's default high-water mark).
const QUEUE: usize = 1000;

/// Received messages waiting for the kernel; a connection stops reading while the queue is full.
const INBOX: usize = 16;

/// A peer's subscriptions may hold this many bytes in all; more ends the connection.
const MAX_SUBSCRIPTIONS: usize = 64 << 10;

/// The settings shared by the kernel's sockets.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The largest message accepted (all its frames): [`codec::DEFAULT_MAX_MESSAGE`] unless set.
    pub max_message: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options { max_message: codec::DEFAULT_MAX_MESSAGE }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Router,
    Pub,
    Rep,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Router => "ROUTER",
            Kind::Pub => "PUB",
            Kind::Rep => "REP",
        }
    }

    /// The peer socket types ZMTP allows to connect to this one.
    fn accepts(self, peer: &[u8]) -> bool {
        match self {
            Kind::Router => matches!(peer, b"DEALER" | b"REQ" | b"ROUTER"),
            Kind::Pub => matches!(peer, b"SUB" | b"XSUB"),
            Kind::Rep => matches!(peer, b"REQ" | b"DEALER"),
        }
    }
}

/// A queue to one connected peer.
struct Peer {
    connection: u64,
    queue: mpsc::Sender<Vec<Bytes>>,
    subscriptions: Vec<Bytes>,
}

#[derive(Default)]
struct Peers {
    by_identity: HashMap<Bytes, Peer>,
}

type Shared = Arc<Mutex<Peers>>;

static CONNECTIONS: AtomicU64 = AtomicU64::new(1);

/// A bound ROUTER socket.
pub struct Router {
    peers: Shared,
    inbox: mpsc::Receiver<Vec<Bytes>>,
}

impl Router {
    /// Binds to `endpoint` (`tcp://IP:PORT`, `*` for all addresses, or `ipc://PATH`) and accepts peers.
    pub async fn bind(endpoint: &str, options: Options) -> Result<Router, String> {
        let peers = Shared::default();
        let (tx, inbox) = mpsc::channel(INBOX);
        listen(endpoint, Kind::Router, options, peers.clone(), Some(tx)).await?;
        Ok(Router { peers, inbox })
    }

    /// The next message: the sender's identity, then its frames. `None` only if the socket is gone.
    pub async fn recv(&mut self) -> Option<Vec<Bytes>> {
        self.inbox.recv().await
    }

    /// Sends `frames[1..]` to the peer whose identity is `frames[0]`; dropped if there is none or its
    /// queue is full.
    pub fn send(&self, mut frames: Vec<Bytes>) {
        if frames.len() < 2 {
            return;
        }
        let identity = frames.remove(0);
        let peers = self.peers.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = peers.by_identity.get(&identity) {
            let _ = p.queue.try_send(frames);
        }
    }
}

/// A bound PUB socket.
pub struct Publisher {
    peers: Shared,
}

impl Publisher {
    /// Binds to `endpoint` and accepts subscribers.
    pub async fn bind(endpoint: &str, options: Options) -> Result<Publisher, String> {
        let peers = Shared::default();
        listen(endpoint, Kind::Pub, options, peers.clone(), None).await?;
        Ok(Publisher { peers })
    }

    /// Sends `frames` to every subscriber with a subscription that prefixes the first frame.
    pub fn send(&self, frames: Vec<Bytes>) {
        let topic = frames.first().cloned().unwrap_or_default();
        let peers = self.peers.lock().unwrap_or_else(|e| e.into_inner());
        for p in peers.by_identity.values() {
            if p.subscriptions.iter().any(|s| topic.starts_with(s)) {
                let _ = p.queue.try_send(frames.clone());
            }
        }
    }
}

/// Binds a REP socket at `endpoint` that sends every request back as its reply (the heartbeat).
pub async fn bind_echo(endpoint: &str, options: Options) -> Result<(), String> {
    listen(endpoint, Kind::Rep, options, Shared::default(), None).await
}

trait Stream: AsyncRead + AsyncWrite + Send + Unpin + 'static {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin + 'static> Stream for T {}

async fn listen(
    endpoint: &str,
    kind: Kind,
    options: Options,
    peers: Shared,
    inbox: Option<mpsc::Sender<Vec<Bytes>>>,
) -> Result<(), String> {
    let spawn_connection = move |stream: Box<dyn Stream>| {
        let (peers, inbox) = (peers.clone(), inbox.clone());
        tokio::spawn(async move {
            // Whatever the peer sent, only this connection ends.
            let _ = connection(stream, kind, options, peers, inbox).await;
        });
    };
    if let Some(addr) = endpoint.strip_prefix("tcp://") {
        let addr = match addr.strip_prefix("*:") {
            Some(port) => format!("0.0.0.0:{port}"),
            None => addr.to_string(),
        };
        let listener = tokio::net::TcpListener::bind(&addr).await.map_err(|e| format!("{addr}: {e}"))?;
        tokio::spawn(async move {
            loop {
                match listener.accept().await {
                    Ok((stream, _)) => {
                        let _ = stream.set_nodelay(true);
                        spawn_connection(Box::new(stream));
                    }
                    // Out of file descriptors and the like: wait, then go on accepting.
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        });
        Ok(())
    } else if let Some(path) = endpoint.strip_prefix("ipc://") {
        let _ = std::fs::remove_file(path);
        let listener = tokio::net::UnixListener::bind(path).map_err(|e| format!("{path}: {e}"))?;
        tokio::spawn(async move {
            loop {
                match listener.accept().await {
                    Ok((stream, _)) => spawn_connection(Box::new(stream)),
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        });
        Ok(())
    } else {
        Err(format!("unsupported endpoint `{endpoint}` (tcp:// and ipc:// are)"))
    }
}

/// Reads bytes until the decoder gives an event; `Err` ends the connection.
async fn next_event(stream: &mut Box<dyn Stream>, decoder: &mut Decoder, buf: &mut BytesMut) -> Result<Event, String> {
    loop {
        if let Some(e) = decoder.decode(buf).map_err(|e| e.to_string())? {
            return Ok(e);
        }
        read_some(stream, decoder, buf).await?;
    }
}

/// Reads what has arrived into `buf`, making room for at most what the current frame still needs (the
/// frame's declared size has already passed the limit) or 64 KiB.
async fn read_some(stream: &mut Box<dyn Stream>, decoder: &Decoder, buf: &mut BytesMut) -> Result<(), String> {
    let want = decoder.bytes_wanted(buf).max(64 << 10);
    if buf.capacity() - buf.len() < 4096 {
        buf.reserve(want);
    }
    match stream.read_buf(buf).await {
        Ok(0) => Err("closed".into()),
        Ok(_) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

async fn handshake(
    stream: &mut Box<dyn Stream>,
    kind: Kind,
    decoder: &mut Decoder,
    buf: &mut BytesMut,
) -> Result<Option<Bytes>, String> {
    stream.write_all(&codec::greeting()).await.map_err(|e| e.to_string())?;
    let Event::Greeting(g) = next_event(stream, decoder, buf).await? else { return Err("no greeting".into()) };
    if g.mechanism.as_ref() != b"NULL" {
        return Err("only the NULL mechanism is supported".into());
    }
    stream.write_all(&codec::ready(kind.name())).await.map_err(|e| e.to_string())?;
    let Event::Command(c) = next_event(stream, decoder, buf).await? else { return Err("no READY".into()) };
    if c.name.as_ref() != b"READY" {
        return Err("the first command is not READY".into());
    }
    let props = codec::parse_properties(&c.data).map_err(|e| e.to_string())?;
    let prop = |name: &[u8]| props.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
    match prop(b"Socket-Type") {
        Some(t) if kind.accepts(&t) => {}
        _ => return Err("the peer's socket type cannot talk to this one".into()),
    }
    // Identities starting with a zero byte are reserved for generated ones.
    Ok(prop(b"Identity").filter(|i| !i.is_empty() && i[0] != 0 && i.len() <= 255))
}

async fn connection(
    mut stream: Box<dyn Stream>,
    kind: Kind,
    options: Options,
    peers: Shared,
    inbox: Option<mpsc::Sender<Vec<Bytes>>>,
) -> Result<(), String> {
    let mut decoder = Decoder::new(options.max_message);
    let mut buf = BytesMut::new();
    let identity = tokio::time::timeout(HANDSHAKE_TIMEOUT, handshake(&mut stream, kind, &mut decoder, &mut buf))
        .await
        .map_err(|_| "handshake timed out".to_string())??;
    let id = CONNECTIONS.fetch_add(1, Ordering::Relaxed);
    // Subscribers are told apart by connection, whatever identity they give.
    let identity = identity.filter(|_| kind == Kind::Router).unwrap_or_else(|| {
        let mut g = vec![0u8];
        g.extend_from_slice(&(id as u32).to_be_bytes());
        Bytes::from(g)
    });
    let (queue, mut outgoing) = mpsc::channel::<Vec<Bytes>>(QUEUE);
    if kind != Kind::Rep {
        let peer = Peer { connection: id, queue, subscriptions: Vec::new() };
        // A newer connection with the same identity takes it over; the older one's queue closes.
        peers.lock().unwrap_or_else(|e| e.into_inner()).by_identity.insert(identity.clone(), peer);
    }
    let result = serve(&mut stream, kind, &mut decoder, &mut buf, &peers, &identity, inbox, &mut outgoing).await;
    let mut p = peers.lock().unwrap_or_else(|e| e.into_inner());
    if p.by_identity.get(&identity).is_some_and(|peer| peer.connection == id) {
        p.by_identity.remove(&identity);
    }
    result
}

#[allow(clippy::too_many_arguments)]
async fn serve(
    stream: &mut Box<dyn Stream>,
    kind: Kind,
    decoder: &mut Decoder,
    buf: &mut BytesMut,
    peers: &Shared,
    identity: &Bytes,
    inbox: Option<mpsc::Sender<Vec<Bytes>>>,
    outgoing: &mut mpsc::Receiver<Vec<Bytes>>,
) -> Result<(), String> {
    let mut out = Vec::new();
    loop {
        while let Some(event) = decoder.decode(buf).map_err(|e| e.to_string())? {
            out.clear();
            match event {
                Event::Greeting(_) => return Err("a second greeting".into()),
                Event::Command(c) => match c.name.as_ref() {
                    // ZMTP 3.1 heartbeats: PING carries a 2-byte TTL and up to 16 bytes of context.
                    b"PING" if c.data.len() >= 2 && c.data.len() <= 18 => {
                        codec::encode_command(&mut out, "PONG", &c.data[2..]);
                    }
                    b"SUBSCRIBE" if kind == Kind::Pub => subscribe(peers, identity, true, c.data)?,
                    b"CANCEL" if kind == Kind::Pub => subscribe(peers, identity, false, c.data)?,
                    b"READY" | b"PING" => return Err("an unexpected command".into()),
                    _ => {}
                },
                Event::Message(frames) => match kind {
                    Kind::Router => {
                        let mut message = Vec::with_capacity(frames.len() + 1);
                        message.push(identity.clone());
                        message.extend(frames);
                        let Some(inbox) = &inbox else { return Ok(()) };
                        inbox.send(message).await.map_err(|_| "the socket is closed".to_string())?;
                    }
                    Kind::Pub => {
                        // ZMTP 3.0 subscriptions: one frame, 0x01 (subscribe) or 0x00 (cancel), then the topic.
                        if let [f] = frames.as_slice() {
                            match f.first() {
                                Some(1) => subscribe(peers, identity, true, f.slice(1..))?,
                                Some(0) => subscribe(peers, identity, false, f.slice(1..))?,
                                _ => {}
                            }
                        }
                    }
                    Kind::Rep => {
                        // A request is an envelope ending in an empty frame, then the body; the reply
                        // carries the same envelope. Without one the request is malformed.
                        if !frames.iter().any(|f| f.is_empty()) {
                            return Err("a request without an envelope delimiter".into());
                        }
                        codec::encode_message(&mut out, &frames);
                    }
                },
            }
            if !out.is_empty() {
                stream.write_all(&out).await.map_err(|e| e.to_string())?;
            }
        }
        tokio::select! {
            r = read_some(stream, decoder, buf) => r?,
            m = outgoing.recv() => {
                let Some(frames) = m else { return Ok(()) };
                out.clear();
                codec::encode_message(&mut out, &frames);
                stream.write_all(&out).await.map_err(|e| e.to_string())?;
            }
        }
    }
}

fn subscribe(peers: &Shared, identity: &Bytes, on: bool, topic: Bytes) -> Result<(), String> {
    let mut p = peers.lock().unwrap_or_else(|e| e.into_inner());
    let Some(peer) = p.by_identity.get_mut(identity) else { return Ok(()) };
    if on {
        let held: usize = peer.subscriptions.iter().map(|s| s.len() + 16).sum();
        if held + topic.len() + 16 > MAX_SUBSCRIPTIONS {
            return Err("too many subscriptions".into());
        }
        peer.subscriptions.push(topic);
    } else if let Some(i) = peer.subscriptions.iter().position(|s| *s == topic) {
        peer.subscriptions.remove(i);
    }
    Ok(())
}

/// The smallest `--max-message`: a kernel_info request with its signature and headers is under 1 KiB, an
/// execute request holds a cell's text.
pub const MIN_MAX_MESSAGE: u64 = 64 << 10;

/// Parses `--max-message` (`256M`, `1G`, bytes), at least [`MIN_MAX_MESSAGE`].
pub fn parse_max_message(s: &str) -> Result<u64, String> {
    match crate::game::budget::parse_size(s) {
        None => Err(format!("`{s}` is not a size (examples: 256M, 1G, 100000)")),
        Some(b) if (b as u64) < MIN_MAX_MESSAGE => Err(format!("`{s}` is under the smallest, 64K")),
        Some(b) => Ok(b as u64),
    }
}
