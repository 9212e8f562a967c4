//! `cgs kernel CONNECTION_FILE`: a Jupyter kernel (messaging protocol 5.3), one more front end over the
//! terminal-free interpreter, beside `repl/`.
//!
//! ZeroMQ is [`zmtp`]: the part of ZMTP 3.0 a kernel needs (ROUTER, PUB, an echoing REP; the NULL
//! mechanism), on the tokio runtime, with a limit on the size of a message that is checked before anything
//! is allocated and with each malformed connection dropped on its own. The wire format and HMAC-SHA256
//! signing are in [`wire`].
//!
//! Threads: the sockets run as tokio tasks (shell, control, heartbeat, stdin, and one task that owns the
//! iopub socket and publishes what the others send it through a channel). Evaluation runs on its own thread
//! with a big stack ([`eval::serve`]), so a long cell never blocks the heartbeat or the control channel;
//! `interrupt_request` on control sets the interpreter's interrupt flag (the one the REPL's Ctrl-C sets),
//! and the cell stops with an "Interrupted." error.

pub mod display;
pub mod eval;
pub mod install;
pub mod wire;
pub mod zmtp;

use bytes::Bytes;
use eval::{Job, Outcome};
use serde_json::{json, Value as Json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use tokio::sync::{mpsc as amp, oneshot};
use wire::{Message, Signer};

/// What a publication on iopub carries: message type, parent header, content.
type Publication = (String, Json, Json);

/// Runs the kernel described by the connection file until a shutdown request. Returns the exit status.
pub fn run(connection_file: &str, options: zmtp::Options) -> i32 {
    let text = match std::fs::read_to_string(connection_file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("Error: Could not read `{connection_file}`: {}.", crate::repl::io_reason(&e));
            return 1;
        }
    };
    let info: Json = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("Error: `{connection_file}` is not a connection file: {e}.");
            return 1;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: cannot start the kernel's runtime: {e}.");
            return 1;
        }
    };
    match runtime.block_on(serve(info, options)) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("Error: {e}");
            1
        }
    }
}

fn endpoint(info: &Json, port: &str) -> Result<String, String> {
    let transport = info.get("transport").and_then(Json::as_str).unwrap_or("tcp");
    let ip = info.get("ip").and_then(Json::as_str).unwrap_or("127.0.0.1");
    let port = info.get(port).and_then(Json::as_u64).ok_or_else(|| format!("the connection file has no `{port}`."))?;
    // jupyter_client names an ipc endpoint `ipc://IP-PORT` (a file path), a tcp one `tcp://IP:PORT`.
    let sep = if transport == "ipc" { '-' } else { ':' };
    Ok(format!("{transport}://{ip}{sep}{port}"))
}

async fn serve(info: Json, options: zmtp::Options) -> Result<(), String> {
    let key = info.get("key").and_then(Json::as_str).unwrap_or("");
    let scheme = info.get("signature_scheme").and_then(Json::as_str).unwrap_or("hmac-sha256");
    if !key.is_empty() && scheme != "hmac-sha256" {
        return Err(format!("unsupported signature scheme `{scheme}` (cgs signs with hmac-sha256)."));
    }
    let signer = Signer::new(key);
    let bind_err = |what: &'static str| move |e: String| format!("cannot bind the {what} socket: {e}.");
    let mut shell = zmtp::Router::bind(&endpoint(&info, "shell_port")?, options).await.map_err(bind_err("shell"))?;
    let mut control =
        zmtp::Router::bind(&endpoint(&info, "control_port")?, options).await.map_err(bind_err("control"))?;
    let mut stdin = zmtp::Router::bind(&endpoint(&info, "stdin_port")?, options).await.map_err(bind_err("stdin"))?;
    let iopub = zmtp::Publisher::bind(&endpoint(&info, "iopub_port")?, options).await.map_err(bind_err("iopub"))?;
    // Heartbeat: every request comes back as its reply.
    zmtp::bind_echo(&endpoint(&info, "hb_port")?, options).await.map_err(bind_err("heartbeat"))?;

    // The evaluation thread.
    // The interpreter is not `Send`: it is made on the evaluation thread, which hands back its interrupt flag.
    let (flag_tx, flag_rx) = mpsc::channel();
    let (jobs, job_rx) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("cgs-kernel-eval".into())
        .spawn(move || {
            crate::interp::with_big_stack(move || {
                let interp = crate::new_interpreter();
                let _ = flag_tx.send(interp.interrupt_flag());
                eval::serve(interp, job_rx)
            })
        })
        .map_err(|e| format!("cannot start the evaluation thread: {e}."))?;
    let interrupt: Arc<AtomicBool> = flag_rx.recv().map_err(|_| "the evaluation thread did not start.".to_string())?;
    // With `interrupt_mode: signal` (a client without our kernelspec), SIGINT must interrupt, not kill.
    let signal_flag = interrupt.clone();
    let _ = ctrlc::set_handler(move || signal_flag.store(true, Ordering::Relaxed));

    // iopub publisher.
    let (publish, mut publications) = amp::unbounded_channel::<Publication>();
    let pub_signer = signer.clone();
    tokio::spawn(async move {
        while let Some((msg_type, parent, content)) = publications.recv().await {
            let topic = Bytes::from(format!("kernel.{msg_type}"));
            iopub.send(pub_signer.encode(&[topic], &msg_type, &parent, &content));
        }
    });

    // stdin: cgs never asks for input; the socket is bound so clients can connect, and messages are ignored.
    tokio::spawn(async move { while stdin.recv().await.is_some() {} });

    // Control: interrupt and shutdown, answered even while a cell runs.
    let (done_tx, mut done_rx) = amp::unbounded_channel::<()>();
    let control_signer = signer.clone();
    let control_publish = publish.clone();
    let control_done = done_tx.clone();
    tokio::spawn(async move {
        while let Some(frames) = control.recv().await {
            let Some(msg) = control_signer.decode(frames) else { continue };
            let reply = handle_control(&msg, &interrupt, &control_publish);
            let Some((reply_type, content, stop)) = reply else { continue };
            control.send(control_signer.encode(&msg.identities, &reply_type, &msg.header, &content));
            if stop {
                let _ = control_done.send(());
            }
        }
    });

    // Shell.
    let shell_signer = signer.clone();
    tokio::spawn(async move {
        let mut count: u64 = 0;
        while let Some(frames) = shell.recv().await {
            let Some(msg) = shell_signer.decode(frames) else { continue };
            let _ = publish.send(("status".into(), msg.header.clone(), json!({"execution_state": "busy"})));
            let reply = handle_shell(&msg, &jobs, &publish, &mut count).await;
            let mut stop = false;
            if let Some((reply_type, content)) = reply {
                stop = reply_type == "shutdown_reply";
                shell.send(shell_signer.encode(&msg.identities, &reply_type, &msg.header, &content));
            }
            let _ = publish.send(("status".into(), msg.header.clone(), json!({"execution_state": "idle"})));
            if stop {
                let _ = done_tx.send(());
            }
        }
    });

    let _ = done_rx.recv().await;
    // Let the last replies and the final status leave before the process ends.
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    std::process::exit(0);
}

fn handle_control(
    msg: &Message,
    interrupt: &Arc<AtomicBool>,
    publish: &amp::UnboundedSender<Publication>,
) -> Option<(String, Json, bool)> {
    match msg.msg_type() {
        "interrupt_request" => {
            interrupt.store(true, Ordering::Relaxed);
            Some(("interrupt_reply".into(), json!({"status": "ok"}), false))
        }
        "shutdown_request" => {
            let restart = msg.content.get("restart").and_then(Json::as_bool).unwrap_or(false);
            interrupt.store(true, Ordering::Relaxed);
            let _ = publish.send(("status".into(), msg.header.clone(), json!({"execution_state": "idle"})));
            Some(("shutdown_reply".into(), json!({"status": "ok", "restart": restart}), true))
        }
        "kernel_info_request" => Some(("kernel_info_reply".into(), kernel_info(), false)),
        _ => None,
    }
}

fn kernel_info() -> Json {
    json!({
        "status": "ok",
        "protocol_version": "5.3",
        "implementation": "cgs",
        "implementation_version": env!("CARGO_PKG_VERSION"),
        "language_info": {
            "name": "cgs",
            "version": env!("CARGO_PKG_VERSION"),
            "mimetype": "text/x-cgs",
            "file_extension": ".cgs",
            // No highlighter knows cgs; Pascal's is the nearest that Pygments and CodeMirror both ship:
            // `:=`, `//` and `/* */` comments, `if … then … else … end`, `for … do`, `begin … end`.
            "pygments_lexer": "pascal",
            "codemirror_mode": "pascal",
        },
        "banner": format!("cgs {} — combinatorial game theory", env!("CARGO_PKG_VERSION")),
        "help_links": [],
    })
}

async fn ask<T>(jobs: &mpsc::Sender<Job>, make: impl FnOnce(oneshot::Sender<T>) -> Job) -> Option<T> {
    let (tx, rx) = oneshot::channel();
    jobs.send(make(tx)).ok()?;
    rx.await.ok()
}

async fn handle_shell(
    msg: &Message,
    jobs: &mpsc::Sender<Job>,
    publish: &amp::UnboundedSender<Publication>,
    count: &mut u64,
) -> Option<(String, Json)> {
    let content = &msg.content;
    let text = |key: &str| content.get(key).and_then(Json::as_str).unwrap_or("").to_string();
    match msg.msg_type() {
        "kernel_info_request" => Some(("kernel_info_reply".into(), kernel_info())),
        "execute_request" => {
            let code = text("code");
            let silent = content.get("silent").and_then(Json::as_bool).unwrap_or(false);
            let store = content.get("store_history").and_then(Json::as_bool).unwrap_or(true) && !silent;
            if store {
                *count += 1;
            }
            let n = *count;
            let parent = msg.header.clone();
            if !silent {
                let _ =
                    publish.send(("execute_input".into(), parent.clone(), json!({"code": code, "execution_count": n})));
            }
            let stream_publish = publish.clone();
            let stream_parent = parent.clone();
            let stream: Box<dyn FnMut(&str) + Send> = Box::new(move |s: &str| {
                if !silent {
                    let content = json!({"name": "stdout", "text": s});
                    let _ = stream_publish.send(("stream".into(), stream_parent.clone(), content));
                }
            });
            let outcome = ask(jobs, |reply| Job::Execute { code, stream, reply }).await?;
            let show = |displays: Vec<Json>| {
                for data in displays {
                    let _ =
                        publish.send(("display_data".into(), parent.clone(), json!({"data": data, "metadata": {}})));
                }
            };
            match outcome {
                Outcome::Ok { displays, result } => {
                    if !silent {
                        show(displays);
                        if let Some(data) = result {
                            let content = json!({"execution_count": n, "data": data, "metadata": {}});
                            let _ = publish.send(("execute_result".into(), parent.clone(), content));
                        }
                    }
                    Some((
                        "execute_reply".into(),
                        json!({"status": "ok", "execution_count": n, "payload": [], "user_expressions": {}}),
                    ))
                }
                Outcome::Err { displays, message, traceback } => {
                    let error = json!({"ename": "Error", "evalue": message, "traceback": [traceback]});
                    if !silent {
                        show(displays);
                        let _ = publish.send(("error".into(), parent.clone(), error.clone()));
                    }
                    let mut reply = error;
                    reply["status"] = json!("error");
                    reply["execution_count"] = json!(n);
                    Some(("execute_reply".into(), reply))
                }
            }
        }
        "is_complete_request" => {
            let status = if eval::is_complete(&text("code")) { "complete" } else { "incomplete" };
            let mut reply = json!({"status": status});
            if status == "incomplete" {
                reply["indent"] = json!("  ");
            }
            Some(("is_complete_reply".into(), reply))
        }
        "complete_request" => {
            let code = text("code");
            let cursor = content.get("cursor_pos").and_then(Json::as_u64).unwrap_or(0) as usize;
            let (start, prefix, after_dot) = word_before(&code, cursor);
            let receiver = if after_dot { receiver_text(&code, start) } else { None };
            let (names, members) = ask(jobs, |reply| Job::Names { receiver, reply }).await?;
            let pool = if after_dot { members } else { names };
            let mut matches: Vec<String> = pool.into_iter().filter(|n| n.starts_with(&prefix)).collect();
            matches.sort();
            matches.dedup();
            Some((
                "complete_reply".into(),
                json!({"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": cursor, "metadata": {}}),
            ))
        }
        "inspect_request" => {
            let code = text("code");
            let cursor = content.get("cursor_pos").and_then(Json::as_u64).unwrap_or(0) as usize;
            let name = word_at(&code, cursor);
            // `x.Temp|`: ask about the member of x's type (`?x.Temperature`).
            let (start, _, after_dot) = word_before(&code, cursor);
            let query = match (after_dot, receiver_text(&code, start)) {
                (true, Some(r)) if !name.is_empty() => format!("{r}.{name}"),
                _ => name,
            };
            let found =
                if query.is_empty() { None } else { ask(jobs, |reply| Job::Inspect { name: query, reply }).await? };
            let data = match &found {
                Some(t) => json!({"text/plain": t}),
                None => json!({}),
            };
            Some((
                "inspect_reply".into(),
                json!({"status": "ok", "found": found.is_some(), "data": data, "metadata": {}}),
            ))
        }
        "history_request" => Some(("history_reply".into(), json!({"status": "ok", "history": []}))),
        "comm_info_request" => Some(("comm_info_reply".into(), json!({"status": "ok", "comms": {}}))),
        "shutdown_request" => {
            let restart = content.get("restart").and_then(Json::as_bool).unwrap_or(false);
            Some(("shutdown_reply".into(), json!({"status": "ok", "restart": restart})))
        }
        _ => None,
    }
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifier ending at `cursor` (counted in characters, as protocol 5.2+ does): its start, its text,
/// and whether a `.` comes just before it (then members are completed).
pub fn word_before(code: &str, cursor: usize) -> (usize, String, bool) {
    let chars: Vec<char> = code.chars().take(cursor).collect();
    let mut start = chars.len();
    while start > 0 && is_name_char(chars[start - 1]) {
        start -= 1;
    }
    let after_dot = start > 0 && chars[start - 1] == '.';
    (start, chars[start..].iter().collect(), after_dot)
}

/// The receiver of the member access whose name starts at character `start` (just after a `.`): a variable or
/// literal, as [`crate::repl::help::receiver_before`] finds it.
pub fn receiver_text(code: &str, start: usize) -> Option<String> {
    let before: String = code.chars().take(start.saturating_sub(1)).collect();
    crate::repl::help::receiver_before(&before, before.len()).map(str::to_string)
}

/// The identifier around `cursor`.
pub fn word_at(code: &str, cursor: usize) -> String {
    let chars: Vec<char> = code.chars().collect();
    let cursor = cursor.min(chars.len());
    let (mut start, mut end) = (cursor, cursor);
    while start > 0 && is_name_char(chars[start - 1]) {
        start -= 1;
    }
    while end < chars.len() && is_name_char(chars[end]) {
        end += 1;
    }
    chars[start..end].iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_completion_and_inspection() {
        assert_eq!(word_before("x := Dom", 8), (5, "Dom".to_string(), false));
        assert_eq!(word_before("g.Temp", 6), (2, "Temp".to_string(), true));
        assert_eq!(word_at("a + Thermograph(1)", 6), "Thermograph");
        assert_eq!(word_at("", 3), "");
        assert_eq!(receiver_text("g.Temp", 2), Some("g".to_string()));
        assert_eq!(receiver_text("(*3).Me", 5), Some("*3".to_string()));
        assert_eq!(receiver_text("f(1).Me", 5), None);
    }
}
