//! The Jupyter kernel against a hostile peer (issue 36, rows 1 and 14): a raw TCP client that speaks ZMTP by
//! hand (no ZeroMQ library, no key for the attacks) sends oversized and malformed frames to every port, and
//! the kernel must drop that connection only and go on serving: the heartbeat still echoes and a signed
//! `kernel_info_request` still gets its reply. Also the replay of the ZMTP reader's fuzz corpus
//! (`fuzz/corpus/zmtp_reader/`).

use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const KEY: &str = "a-test-key";
const PORTS: [&str; 5] = ["shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"];

/// A running `cgs kernel`, killed when dropped.
struct Kernel {
    child: Child,
    ports: Vec<u16>,
    dir: PathBuf,
}

impl Drop for Kernel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Kernel {
    fn start(name: &str, options: &[&str]) -> Kernel {
        // Free ports: bind port 0, note the port, let it go.
        let listeners: Vec<TcpListener> = (0..5).map(|_| TcpListener::bind("127.0.0.1:0").unwrap()).collect();
        let ports: Vec<u16> = listeners.iter().map(|l| l.local_addr().unwrap().port()).collect();
        drop(listeners);
        let dir = std::env::temp_dir().join(format!("cgs-kernel-wire-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut info = serde_json::json!({
            "transport": "tcp", "ip": "127.0.0.1", "key": KEY, "signature_scheme": "hmac-sha256",
        });
        for (p, n) in PORTS.iter().zip(&ports) {
            info[p] = serde_json::json!(n);
        }
        let file = dir.join("connection.json");
        std::fs::write(&file, info.to_string()).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_cgs"))
            .arg("kernel")
            .args(options)
            .arg(&file)
            .stdout(Stdio::null())
            .spawn()
            .expect("starting cgs kernel");
        let mut k = Kernel { child, ports, dir };
        let start = Instant::now();
        loop {
            if TcpStream::connect(("127.0.0.1", k.port("hb_port"))).is_ok() {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "the kernel did not bind its ports");
            std::thread::sleep(Duration::from_millis(50));
        }
        k.assert_alive();
        k
    }

    fn port(&self, name: &str) -> u16 {
        self.ports[PORTS.iter().position(|p| *p == name).unwrap()]
    }

    fn assert_alive(&mut self) {
        assert!(self.child.try_wait().unwrap().is_none(), "the kernel exited: {:?}", self.child.try_wait());
    }

    fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// The kernel still serves: a new heartbeat connection echoes, and a signed kernel_info_request on the
    /// shell port gets its reply.
    fn assert_serving(&mut self) {
        self.assert_alive();
        let mut hb = handshake(self.port("hb_port"), "REQ");
        send(&mut hb, &[b"", b"ping"]);
        assert_eq!(recv(&mut hb), vec![b"".to_vec(), b"ping".to_vec()], "heartbeat echo");
        let mut shell = handshake(self.port("shell_port"), "DEALER");
        send(&mut shell, &signed_request("kernel_info_request", "m1", false));
        let reply = recv(&mut shell);
        let header: serde_json::Value = serde_json::from_slice(&reply[2]).unwrap();
        let parent: serde_json::Value = serde_json::from_slice(&reply[3]).unwrap();
        assert_eq!(header["msg_type"], "kernel_info_reply");
        assert_eq!(parent["msg_id"], "m1");
    }
}

fn frame_header(out: &mut Vec<u8>, flags: u8, len: u64) {
    if len > 255 {
        out.push(flags | 2);
        out.extend_from_slice(&len.to_be_bytes());
    } else {
        out.extend_from_slice(&[flags, len as u8]);
    }
}

fn greeting() -> Vec<u8> {
    let mut g = vec![0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0x7f, 3, 0];
    g.extend_from_slice(b"NULL");
    g.resize(64, 0);
    g
}

fn ready(socket_type: &str) -> Vec<u8> {
    let mut body = vec![5];
    body.extend_from_slice(b"READY");
    body.push(11);
    body.extend_from_slice(b"Socket-Type");
    body.extend_from_slice(&(socket_type.len() as u32).to_be_bytes());
    body.extend_from_slice(socket_type.as_bytes());
    let mut out = Vec::new();
    frame_header(&mut out, 4, body.len() as u64);
    out.extend_from_slice(&body);
    out
}

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s
}

/// Reads one frame: (flags, body).
fn read_frame(s: &mut TcpStream) -> (u8, Vec<u8>) {
    let mut head = [0u8; 2];
    s.read_exact(&mut head).unwrap();
    let len = if head[0] & 2 != 0 {
        let mut rest = [0u8; 7];
        s.read_exact(&mut rest).unwrap();
        let mut all = [0u8; 8];
        all[0] = head[1];
        all[1..].copy_from_slice(&rest);
        u64::from_be_bytes(all)
    } else {
        u64::from(head[1])
    };
    let mut body = vec![0u8; len as usize];
    s.read_exact(&mut body).unwrap();
    (head[0], body)
}

/// Connects and completes the greeting and READY exchange as a `socket_type` socket.
fn handshake(port: u16, socket_type: &str) -> TcpStream {
    let mut s = connect(port);
    s.write_all(&greeting()).unwrap();
    let mut theirs = [0u8; 64];
    s.read_exact(&mut theirs).unwrap();
    assert_eq!((theirs[0], theirs[9], theirs[10]), (0xff, 0x7f, 3), "the kernel's greeting");
    assert_eq!(&theirs[12..16], b"NULL");
    s.write_all(&ready(socket_type)).unwrap();
    let (flags, body) = read_frame(&mut s);
    assert_eq!(flags & 4, 4, "a command");
    assert_eq!(&body[..6], b"\x05READY");
    s
}

fn send(s: &mut TcpStream, frames: &[&[u8]]) {
    let mut out = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        frame_header(&mut out, u8::from(i + 1 < frames.len()), f.len() as u64);
        out.extend_from_slice(f);
    }
    s.write_all(&out).unwrap();
}

/// The next message (commands skipped).
fn recv(s: &mut TcpStream) -> Vec<Vec<u8>> {
    let mut frames = Vec::new();
    loop {
        let (flags, body) = read_frame(s);
        if flags & 4 != 0 {
            continue;
        }
        frames.push(body);
        if flags & 1 == 0 {
            return frames;
        }
    }
}

fn sign(parts: &[&[u8]]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(KEY.as_bytes()).unwrap();
    for p in parts {
        mac.update(p);
    }
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// The frames of a signed request (the signature in upper-case hex when `upper`).
fn signed_request(msg_type: &str, msg_id: &str, upper: bool) -> Vec<&'static [u8]> {
    let header = serde_json::json!({
        "msg_id": msg_id, "session": "s", "username": "u", "date": "2026-01-01T00:00:00Z",
        "msg_type": msg_type, "version": "5.3",
    })
    .to_string();
    let parts: [&[u8]; 4] = [header.as_bytes(), b"{}", b"{}", b"{}"];
    let mut signature = sign(&parts);
    if upper {
        signature = signature.to_uppercase();
    }
    let leak = |s: String| -> &'static [u8] { Box::leak(s.into_bytes().into_boxed_slice()) };
    vec![b"<IDS|MSG>", leak(signature), leak(header), b"{}", b"{}", b"{}"]
}

/// Whether the kernel closes the connection (reads end or fail) within 20 s; bytes it sends are read over.
fn dropped(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 4096];
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return false,
            Err(_) => return true,
        }
    }
    false
}

fn long_header(flags: u8, len: u64) -> Vec<u8> {
    let mut h = vec![flags | 2];
    h.extend_from_slice(&len.to_be_bytes());
    h
}

/// Issue 36 row 1: a message frame declaring 2^62 bytes after READY, on every port, a command frame of
/// 2^62 bytes before READY, and a declared 3 GiB frame with its first megabyte sent. Before the fix the
/// first aborted the kernel (`memory allocation of 4611686018427388007 bytes failed`).
#[test]
fn oversized_frames_drop_the_connection_and_the_kernel_goes_on() {
    let mut k = Kernel::start("oversized", &[]);
    let types = [
        ("shell_port", "DEALER"),
        ("iopub_port", "SUB"),
        ("stdin_port", "DEALER"),
        ("control_port", "DEALER"),
        ("hb_port", "REQ"),
    ];
    for (port, socket_type) in types {
        let mut s = handshake(k.port(port), socket_type);
        s.write_all(&long_header(0, 1 << 62)).unwrap();
        assert!(dropped(&mut s), "{port}: a 2^62-byte frame ends the connection");
        k.assert_alive();
    }
    for port in PORTS {
        let mut s = connect(k.port(port));
        s.write_all(&greeting()).unwrap();
        s.write_all(&long_header(4, 1 << 62)).unwrap();
        assert!(dropped(&mut s), "{port}: a 2^62-byte command before READY ends the connection");
    }
    let mut s = handshake(k.port("shell_port"), "DEALER");
    s.write_all(&long_header(0, 3 << 30)).unwrap();
    let _ = s.write_all(&vec![b'x'; 1 << 20]);
    assert!(dropped(&mut s), "a declared 3 GiB frame ends the connection");
    assert!(k.resident_kib() < 200 << 10, "the kernel holds {} KiB", k.resident_kib());
    k.assert_serving();
}

/// Issue 36 row 1: one single-frame message on the heartbeat port (no REQ envelope; it used to panic the
/// `zeromq` crate's REP task, after which the port refused connections), bytes that are not ZMTP, reserved
/// flag bits, a READY naming the wrong socket type: each ends its own connection only.
#[test]
fn malformed_bytes_drop_the_connection_and_the_kernel_goes_on() {
    let mut k = Kernel::start("malformed", &[]);
    let mut hb = handshake(k.port("hb_port"), "DEALER");
    send(&mut hb, &[b"ping"]);
    assert!(dropped(&mut hb), "a heartbeat request without an envelope ends the connection");
    for port in PORTS {
        let mut s = connect(k.port(port));
        s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        assert!(dropped(&mut s), "{port}: HTTP instead of ZMTP ends the connection");
    }
    let mut s = handshake(k.port("shell_port"), "DEALER");
    s.write_all(&[0x80, 0]).unwrap();
    assert!(dropped(&mut s), "reserved flag bits end the connection");
    let mut s = connect(k.port("iopub_port"));
    s.write_all(&greeting()).unwrap();
    s.write_all(&ready("DEALER")).unwrap();
    assert!(dropped(&mut s), "a DEALER cannot connect to the PUB socket");
    // A connection that only holds its greeting half-sent does not stop others.
    let mut idle = connect(k.port("shell_port"));
    idle.write_all(&greeting()[..5]).unwrap();
    k.assert_serving();
    drop(idle);
}

/// Issue 36 row 14: an upper-case hex signature is accepted (the digest is decoded, then compared in
/// constant time); a wrong one is ignored (no reply), and the right one after it is answered.
#[test]
fn signatures_are_checked_on_the_decoded_digest() {
    let k = Kernel::start("signature", &[]);
    let mut shell = handshake(k.port("shell_port"), "DEALER");
    let mut bad = signed_request("kernel_info_request", "forged", false);
    bad[1] = b"00000000000000000000000000000000000000000000000000000000000000ff";
    send(&mut shell, &bad);
    send(&mut shell, &signed_request("kernel_info_request", "upper", true));
    let reply = recv(&mut shell);
    let parent: serde_json::Value = serde_json::from_slice(&reply[3]).unwrap();
    assert_eq!(parent["msg_id"], "upper", "the forged request got no reply; the upper-case one did");
    // The reply's own signature (lower-case hex) checks out with the key.
    assert_eq!(std::str::from_utf8(&reply[1]).unwrap(), sign(&[&reply[2], &reply[3], &reply[4], &reply[5]]));
}

/// `--max-message` sets the limit: at 64K a 100 KB request ends its connection, a small one is answered.
#[test]
fn the_message_limit_is_settable() {
    let mut k = Kernel::start("limit", &["--max-message", "64K"]);
    let mut shell = handshake(k.port("shell_port"), "DEALER");
    let big = vec![b' '; 100_000];
    send(&mut shell, &[b"<IDS|MSG>", b"00", &big]);
    assert!(dropped(&mut shell), "a 100 KB message over a 64 KiB limit ends the connection");
    k.assert_serving();
}

/// The saved corpus of the ZMTP reader's fuzz target, replayed through the same checks
/// (`cgs::kernel::zmtp::codec::check_invariants`).
#[test]
fn zmtp_fuzz_corpus_replays() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/zmtp_reader");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/corpus/zmtp_reader") {
        let path = entry.unwrap().path();
        cgs::kernel::zmtp::codec::check_invariants(&std::fs::read(&path).unwrap());
        n += 1;
    }
    assert!(n >= 10, "the corpus has {n} inputs");
}

/// Issue 36 row 6: `cgs kernel --max-memory SIZE` sets the kernel's budget; a cell that outgrows it gets
/// the budget error as its `execute_reply`, and the kernel goes on.
#[test]
fn the_kernel_takes_a_memory_budget() {
    let mut k = Kernel::start("budget", &["--max-memory", "200M"]);
    let mut shell = handshake(k.port("shell_port"), "DEALER");
    let header = serde_json::json!({
        "msg_id": "big", "session": "s", "username": "u", "date": "2026-01-01T00:00:00Z",
        "msg_type": "execute_request", "version": "5.3",
    })
    .to_string();
    let content = serde_json::json!({
        "code": r#"s := "ab"; for i from 1 to 31 do s := s + s end; s.Length"#, "silent": false,
    })
    .to_string();
    let parts: [&[u8]; 4] = [header.as_bytes(), b"{}", b"{}", content.as_bytes()];
    let signature = sign(&parts);
    send(&mut shell, &[b"<IDS|MSG>", signature.as_bytes(), header.as_bytes(), b"{}", b"{}", content.as_bytes()]);
    let reply = recv(&mut shell);
    let content: serde_json::Value = serde_json::from_slice(&reply[5]).unwrap();
    assert_eq!(content["status"], "error", "{content}");
    let evalue = content["evalue"].as_str().unwrap();
    assert!(evalue.starts_with("Out of memory budget ("), "{evalue}");
    assert!(evalue.contains("budget 200 MiB"), "{evalue}");
    k.assert_serving();
}

/// Issue 36 row 6: `cgs kernel install --max-memory 4G --prefix P` writes the option into the kernelspec's
/// argv, before the connection file, so Jupyter starts the kernel with that budget.
#[test]
fn the_kernelspec_carries_the_budget() {
    let prefix = std::env::temp_dir().join(format!("cgs-kernelspec-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_cgs"))
        .args(["kernel", "install", "--max-memory", "4G", "--prefix"])
        .arg(&prefix)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(prefix.join("share/jupyter/kernels/cgs/kernel.json")).unwrap();
    let spec: serde_json::Value = serde_json::from_str(&text).unwrap();
    let argv: Vec<&str> = spec["argv"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(argv[1..], ["kernel", "--max-memory", "4G", "{connection_file}"]);
    let _ = std::fs::remove_dir_all(&prefix);
    // A size that is not one is refused with the usage.
    let out =
        Command::new(env!("CARGO_BIN_EXE_cgs")).args(["kernel", "--max-memory", "lots", "x.json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`lots` is not a size"));
}
