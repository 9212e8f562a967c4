//! The ZMTP 3.0 byte format (RFC 23/ZMTP): the 64-byte greeting, frames and commands, decoded incrementally
//! from whatever bytes have arrived, with a size limit that is checked on a frame's declared length, before
//! its body is read or any room is made for it (libzmq's `ZMQ_MAXMSGSIZE` is the model).
//!
//! This file knows nothing of sockets: [`Decoder::decode`] takes a buffer and returns the next
//! [`Event`] or asks for more bytes, so it can be fed any byte string (the fuzz target
//! `fuzz/fuzz_targets/zmtp_reader.rs` and the corpus replay in `tests/integration/kernel_wire.rs` do so).

use bytes::{Buf, Bytes, BytesMut};
use std::fmt;

/// The length of a ZMTP 3 greeting.
pub const GREETING_LEN: usize = 64;

/// The default limit on one message (the sum of its frames): 256 MiB.
pub const DEFAULT_MAX_MESSAGE: u64 = 256 << 20;

/// The limit on one command frame (`READY` and its properties, `PING`, `SUBSCRIBE`). Commands are small:
/// a socket type and an identity of at most 255 bytes.
pub const MAX_COMMAND: u64 = 64 << 10;

/// What each frame of a message costs beyond its body (its place in the list of frames), counted against
/// the message limit so that millions of empty frames are refused too.
pub const FRAME_OVERHEAD: u64 = 64;

const MORE: u8 = 0x01;
const LONG: u8 = 0x02;
const COMMAND: u8 = 0x04;

/// Why a peer's bytes were refused; the connection is dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The first 64 bytes are not a ZMTP 3 greeting.
    BadGreeting(&'static str),
    /// A message's frames declare more bytes than the limit.
    TooLarge {
        /// The bytes the message would hold with this frame.
        declared: u64,
        /// The limit.
        limit: u64,
    },
    /// A command frame declares more than [`MAX_COMMAND`] bytes.
    CommandTooLarge(u64),
    /// A frame breaks the framing rules (reserved flag bits, a command inside a message, a command with
    /// the MORE flag, a malformed command body).
    Malformed(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadGreeting(why) => write!(f, "not a ZMTP 3 greeting: {why}"),
            Error::TooLarge { declared, limit } => {
                write!(f, "a message of {declared} bytes is over the limit of {limit} bytes")
            }
            Error::CommandTooLarge(n) => write!(f, "a command of {n} bytes is over the limit of {MAX_COMMAND} bytes"),
            Error::Malformed(why) => write!(f, "malformed frame: {why}"),
        }
    }
}

/// A peer's greeting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Greeting {
    /// The major and minor protocol version.
    pub version: (u8, u8),
    /// The security mechanism, without its zero padding (`NULL`).
    pub mechanism: Bytes,
}

/// One command: its name and its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// `READY`, `PING`, `SUBSCRIBE`, …
    pub name: Bytes,
    /// The rest of the command body.
    pub data: Bytes,
}

/// What the decoder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The greeting (always the first event).
    Greeting(Greeting),
    /// A command frame.
    Command(Command),
    /// A whole message: its frames, the last one without the MORE flag.
    Message(Vec<Bytes>),
}

/// Decodes one connection's incoming bytes.
#[derive(Debug)]
pub struct Decoder {
    greeted: bool,
    max_message: u64,
    frames: Vec<Bytes>,
    /// The bytes of `frames` as counted against the limit.
    held: u64,
}

impl Decoder {
    /// A decoder for a new connection, with a limit on the size of one message.
    pub fn new(max_message: u64) -> Decoder {
        Decoder { greeted: false, max_message, frames: Vec::new(), held: 0 }
    }

    /// Takes the next event from the front of `buf`; `Ok(None)` when more bytes are needed (then nothing
    /// of `buf` was consumed except frames stored for a message that is not yet complete). Sizes are
    /// checked as soon as a frame's header has arrived, so the buffer never needs to grow past the limit.
    pub fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Event>, Error> {
        if !self.greeted {
            // The signature's first byte and its last are checked as soon as they arrive, so a peer that
            // speaks something else is dropped without waiting for 64 bytes.
            if !buf.is_empty() && buf[0] != 0xff {
                return Err(Error::BadGreeting("the first byte is not 0xFF"));
            }
            if buf.len() >= 10 && buf[9] & 1 != 1 {
                return Err(Error::BadGreeting("the signature does not end in 0x7F"));
            }
            if buf.len() >= 11 && buf[10] < 3 {
                return Err(Error::BadGreeting("the version is older than ZMTP 3"));
            }
            if buf.len() < GREETING_LEN {
                return Ok(None);
            }
            let g = buf.split_to(GREETING_LEN).freeze();
            self.greeted = true;
            let mechanism = &g[12..32];
            let end = mechanism.iter().position(|&b| b == 0).unwrap_or(mechanism.len());
            if mechanism[end..].iter().any(|&b| b != 0) {
                return Err(Error::BadGreeting("the mechanism name is not padded with zero bytes"));
            }
            return Ok(Some(Event::Greeting(Greeting { version: (g[10], g[11]), mechanism: g.slice(12..12 + end) })));
        }
        loop {
            let Some(&flags) = buf.first() else { return Ok(None) };
            if flags & !(MORE | LONG | COMMAND) != 0 {
                return Err(Error::Malformed("reserved flag bits are set"));
            }
            let header = if flags & LONG != 0 { 9 } else { 2 };
            if buf.len() < header {
                return Ok(None);
            }
            let size = if flags & LONG != 0 {
                u64::from_be_bytes(buf[1..9].try_into().expect("eight bytes"))
            } else {
                u64::from(buf[1])
            };
            let command = flags & COMMAND != 0;
            if command {
                if flags & MORE != 0 {
                    return Err(Error::Malformed("a command frame has the MORE flag"));
                }
                if !self.frames.is_empty() {
                    return Err(Error::Malformed("a command frame inside a message"));
                }
                if size > MAX_COMMAND {
                    return Err(Error::CommandTooLarge(size));
                }
            } else {
                let declared = self.held.saturating_add(size).saturating_add(FRAME_OVERHEAD);
                if declared > self.max_message {
                    return Err(Error::TooLarge { declared, limit: self.max_message });
                }
            }
            // `size` is now at most the limit, which fits in memory by construction.
            let size = size as usize;
            if buf.len() - header < size {
                return Ok(None);
            }
            buf.advance(header);
            let body = buf.split_to(size).freeze();
            if command {
                return parse_command(body).map(|c| Some(Event::Command(c)));
            }
            self.held += size as u64 + FRAME_OVERHEAD;
            self.frames.push(body);
            if flags & MORE == 0 {
                self.held = 0;
                return Ok(Some(Event::Message(std::mem::take(&mut self.frames))));
            }
        }
    }

    /// How many more bytes the frame being read needs at least (1 when unknown): the reader makes room
    /// for at most this much (and a fixed chunk), never for a declared size alone.
    pub fn bytes_wanted(&self, buf: &[u8]) -> usize {
        if !self.greeted {
            return GREETING_LEN.saturating_sub(buf.len()).max(1);
        }
        let Some(&flags) = buf.first() else { return 2 };
        let header = if flags & LONG != 0 { 9 } else { 2 };
        if buf.len() < header {
            return header - buf.len();
        }
        1
    }
}

fn parse_command(body: Bytes) -> Result<Command, Error> {
    let Some(&n) = body.first() else { return Err(Error::Malformed("an empty command")) };
    let n = usize::from(n);
    if n == 0 || body.len() < 1 + n {
        return Err(Error::Malformed("a command name is missing or cut short"));
    }
    Ok(Command { name: body.slice(1..1 + n), data: body.slice(1 + n..) })
}

/// The properties of a `READY` command's data (name, value), in order.
pub fn parse_properties(data: &[u8]) -> Result<Vec<(Bytes, Bytes)>, Error> {
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let n = usize::from(rest[0]);
        if n == 0 || rest.len() < 1 + n + 4 {
            return Err(Error::Malformed("a property name is missing or cut short"));
        }
        let name = Bytes::copy_from_slice(&rest[1..1 + n]);
        let len = u32::from_be_bytes(rest[1 + n..5 + n].try_into().expect("four bytes")) as usize;
        rest = &rest[5 + n..];
        if rest.len() < len {
            return Err(Error::Malformed("a property value is cut short"));
        }
        out.push((name, Bytes::copy_from_slice(&rest[..len])));
        rest = &rest[len..];
    }
    Ok(out)
}

/// This side's greeting: ZMTP 3.0, the NULL mechanism. Version 3.0 (not 3.1) asks libzmq peers to send
/// subscriptions as messages (`0x01` + topic), which [`super`]'s PUB socket reads.
pub fn greeting() -> [u8; GREETING_LEN] {
    let mut g = [0u8; GREETING_LEN];
    g[0] = 0xff;
    g[9] = 0x7f;
    g[10] = 3;
    g[11] = 0;
    g[12..16].copy_from_slice(b"NULL");
    g
}

fn frame_header(out: &mut Vec<u8>, flags: u8, len: usize) {
    if len > 255 {
        out.push(flags | LONG);
        out.extend_from_slice(&(len as u64).to_be_bytes());
    } else {
        out.push(flags);
        out.push(len as u8);
    }
}

/// Appends a message's frames to `out`.
pub fn encode_message(out: &mut Vec<u8>, frames: &[Bytes]) {
    for (i, f) in frames.iter().enumerate() {
        frame_header(out, if i + 1 < frames.len() { MORE } else { 0 }, f.len());
        out.extend_from_slice(f);
    }
}

/// Appends a command frame to `out`.
pub fn encode_command(out: &mut Vec<u8>, name: &str, data: &[u8]) {
    frame_header(out, COMMAND, 1 + name.len() + data.len());
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(data);
}

/// A `READY` command naming this socket's type.
pub fn ready(socket_type: &str) -> Vec<u8> {
    let mut data = Vec::new();
    data.push(11);
    data.extend_from_slice(b"Socket-Type");
    data.extend_from_slice(&(socket_type.len() as u32).to_be_bytes());
    data.extend_from_slice(socket_type.as_bytes());
    let mut out = Vec::new();
    encode_command(&mut out, "READY", &data);
    out
}

/// Feeds `data` to a [`Decoder`] the way a connection would and checks what must hold whatever the bytes:
/// no panic; no message over the limit; no command over [`MAX_COMMAND`]; while waiting for more bytes, the
/// buffer holds less than one frame of the largest size allowed; every message decoded encodes back to
/// bytes that decode to the same message; `READY` properties parse or fail without panicking. The first
/// byte sets the limit (`(b & 0x7f) * 64 + 64`) and, with its high bit, puts a valid greeting in front;
/// the second sets how many bytes arrive at a time. Used by the fuzz target `fuzz/fuzz_targets/zmtp_reader.rs`
/// and by the corpus replay in the kernel tests.
pub fn check_invariants(data: &[u8]) {
    let [mode, chunk, rest @ ..] = data else { return };
    let limit = u64::from(mode & 0x7f) * 64 + 64;
    let chunk = usize::from(*chunk).max(1);
    let mut input = Vec::new();
    if mode & 0x80 != 0 {
        input.extend_from_slice(&greeting());
    }
    input.extend_from_slice(rest);
    let mut decoder = Decoder::new(limit);
    let mut buf = BytesMut::new();
    let bound = GREETING_LEN.max(9 + limit.max(MAX_COMMAND) as usize);
    for piece in input.chunks(chunk) {
        buf.extend_from_slice(piece);
        loop {
            match decoder.decode(&mut buf) {
                Err(_) => return,
                Ok(None) => {
                    assert!(buf.len() < bound, "waiting with {} bytes buffered (limit {limit})", buf.len());
                    break;
                }
                Ok(Some(Event::Greeting(g))) => assert!(g.version.0 >= 3 && g.mechanism.len() <= 20),
                Ok(Some(Event::Command(c))) => {
                    assert!(c.name.len() + c.data.len() < MAX_COMMAND as usize);
                    if c.name.as_ref() == b"READY" {
                        if let Ok(props) = parse_properties(&c.data) {
                            let total: usize = props.iter().map(|(n, v)| 5 + n.len() + v.len()).sum();
                            assert_eq!(total, c.data.len());
                        }
                    }
                }
                Ok(Some(Event::Message(frames))) => {
                    assert!(!frames.is_empty());
                    let size: u64 = frames.iter().map(|f| f.len() as u64 + FRAME_OVERHEAD).sum();
                    assert!(size <= limit, "a message of {size} bytes passed the limit {limit}");
                    let mut again = Decoder::new(limit);
                    let mut bytes = BytesMut::from(&greeting()[..]);
                    let mut encoded = Vec::new();
                    encode_message(&mut encoded, &frames);
                    bytes.extend_from_slice(&encoded);
                    assert!(matches!(again.decode(&mut bytes), Ok(Some(Event::Greeting(_)))));
                    assert_eq!(again.decode(&mut bytes), Ok(Some(Event::Message(frames))));
                    assert!(bytes.is_empty());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(d: &mut Decoder, bytes: &[u8]) -> Result<Vec<Event>, Error> {
        let mut buf = BytesMut::from(bytes);
        let mut out = Vec::new();
        while let Some(e) = d.decode(&mut buf)? {
            out.push(e);
        }
        Ok(out)
    }

    fn greeted(max: u64) -> Decoder {
        let mut d = Decoder::new(max);
        let events = decode_all(&mut d, &greeting()).unwrap();
        assert_eq!(events, vec![Event::Greeting(Greeting { version: (3, 0), mechanism: Bytes::from_static(b"NULL") })]);
        d
    }

    #[test]
    fn a_message_and_a_command_round_trip() {
        let mut d = greeted(DEFAULT_MAX_MESSAGE);
        let mut bytes = ready("DEALER");
        let big = Bytes::from(vec![7u8; 300]);
        encode_message(&mut bytes, &[Bytes::from_static(b""), Bytes::from_static(b"ping"), big.clone()]);
        let events = decode_all(&mut d, &bytes).unwrap();
        let Event::Command(c) = &events[0] else { panic!("{events:?}") };
        assert_eq!(c.name.as_ref(), b"READY");
        let props = parse_properties(&c.data).unwrap();
        assert_eq!(props, vec![(Bytes::from_static(b"Socket-Type"), Bytes::from_static(b"DEALER"))]);
        assert_eq!(events[1], Event::Message(vec![Bytes::new(), Bytes::from_static(b"ping"), big]));
    }

    #[test]
    fn bytes_arriving_one_at_a_time_give_the_same_events() {
        let mut bytes = greeting().to_vec();
        encode_message(&mut bytes, &[Bytes::from_static(b"a"), Bytes::from(vec![1u8; 1000])]);
        let mut d = Decoder::new(DEFAULT_MAX_MESSAGE);
        let mut buf = BytesMut::new();
        let mut events = Vec::new();
        for b in bytes {
            buf.extend_from_slice(&[b]);
            while let Some(e) = d.decode(&mut buf).unwrap() {
                events.push(e);
            }
        }
        assert_eq!(events.len(), 2);
        assert_eq!(events[1], Event::Message(vec![Bytes::from_static(b"a"), Bytes::from(vec![1u8; 1000])]));
    }

    #[test]
    fn a_huge_declared_length_is_refused_from_its_header_alone() {
        // The frame of issue 36 row 1: flags 0x02 (long), length 2^62, and no body.
        let mut d = greeted(DEFAULT_MAX_MESSAGE);
        let mut header = vec![0x02];
        header.extend_from_slice(&(1u64 << 62).to_be_bytes());
        let err = decode_all(&mut d, &header).unwrap_err();
        assert_eq!(err, Error::TooLarge { declared: (1 << 62) + FRAME_OVERHEAD, limit: DEFAULT_MAX_MESSAGE });
        // A command frame of 2^62 bytes (before READY).
        let mut d = greeted(DEFAULT_MAX_MESSAGE);
        let mut header = vec![0x06];
        header.extend_from_slice(&(1u64 << 62).to_be_bytes());
        assert_eq!(decode_all(&mut d, &header).unwrap_err(), Error::CommandTooLarge(1 << 62));
        // u64::MAX does not overflow the sum.
        let mut d = greeted(DEFAULT_MAX_MESSAGE);
        let mut header = vec![0x03];
        header.extend_from_slice(&u64::MAX.to_be_bytes());
        assert!(matches!(decode_all(&mut d, &header), Err(Error::TooLarge { .. })));
    }

    #[test]
    fn the_limit_counts_all_frames_of_a_message() {
        // Limit 1000: two frames of 400 bytes (+64 each) fit; a third does not.
        let mut d = greeted(1000);
        let f = Bytes::from(vec![0u8; 400]);
        let mut bytes = Vec::new();
        encode_message(&mut bytes, &[f.clone(), f.clone()]);
        assert_eq!(decode_all(&mut d, &bytes).unwrap().len(), 1);
        let mut bytes = Vec::new();
        encode_message(&mut bytes, &[f.clone(), f.clone(), f]);
        assert_eq!(decode_all(&mut d, &bytes).unwrap_err(), Error::TooLarge { declared: 1392, limit: 1000 });
        // Empty frames cost FRAME_OVERHEAD each: sixteen fit in 1024, the seventeenth does not.
        let mut d = greeted(1024);
        let mut bytes = Vec::new();
        encode_message(&mut bytes, &vec![Bytes::new(); 17]);
        assert!(matches!(decode_all(&mut d, &bytes), Err(Error::TooLarge { declared: 1088, .. })));
    }

    #[test]
    fn malformed_bytes_are_errors() {
        assert!(matches!(decode_all(&mut Decoder::new(100), b"GET / HTTP/1.1"), Err(Error::BadGreeting(_))));
        let mut old = greeting();
        old[10] = 2;
        assert!(matches!(decode_all(&mut Decoder::new(100), &old), Err(Error::BadGreeting(_))));
        let mut d = greeted(100);
        assert!(matches!(decode_all(&mut d, &[0x08, 0]), Err(Error::Malformed(_))));
        let mut d = greeted(100);
        assert!(matches!(decode_all(&mut d, &[0x05, 1, 1]), Err(Error::Malformed(_))), "command with MORE");
        let mut d = greeted(100);
        assert!(matches!(decode_all(&mut d, &[0x01, 0, 0x04, 1, 1]), Err(Error::Malformed(_))), "command in message");
        let mut d = greeted(100);
        assert!(matches!(decode_all(&mut d, &[0x04, 0]), Err(Error::Malformed(_))), "empty command");
        assert!(parse_properties(&[3, b'a', b'b']).is_err());
        assert!(parse_properties(&[1, b'a', 0, 0, 0, 9, 1]).is_err());
    }
}
