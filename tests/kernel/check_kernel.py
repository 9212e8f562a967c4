"""Drives `cgs kernel` through a real Jupyter client (jupyter_client, nbclient) and checks its replies.

Run by tests/integration/kernel.rs as `python check_kernel.py CGS_BINARY NOTEBOOK [--save]`.
Exits non-zero with a message on the first failed check.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

from jupyter_client.manager import start_new_kernel
import nbformat
from nbclient import NotebookClient

CGS, NOTEBOOK = sys.argv[1], sys.argv[2]
SAVE = "--save" in sys.argv[3:]


def check(cond, what):
    if not cond:
        sys.exit(f"FAILED: {what}")
    print(f"ok: {what}")


# Install the kernelspec in a private prefix and let Jupyter find it there (tests `cgs kernel install`).
prefix = tempfile.mkdtemp(prefix="cgs-kernel-test-")
atexit.register(shutil.rmtree, prefix, ignore_errors=True)  # the prefix is this run's alone
subprocess.run([CGS, "kernel", "install", "--prefix", prefix], check=True)
os.environ["JUPYTER_PATH"] = os.path.join(prefix, "share", "jupyter")
spec_dir = os.path.join(prefix, "share", "jupyter", "kernels", "cgs")
check(os.path.exists(os.path.join(spec_dir, "kernel.json")), "kernel install wrote kernel.json")
with open(os.path.join(spec_dir, "logo-64x64.png"), "rb") as f:
    check(f.read(8) == b"\x89PNG\r\n\x1a\n", "kernel install wrote a PNG logo")

km, kc = start_new_kernel(kernel_name="cgs", startup_timeout=60)


def run(code, timeout=30):
    """Executes code; returns (reply content, list of iopub messages for this request)."""
    msg_id = kc.execute(code)
    reply = kc.get_shell_msg(timeout=timeout)
    while reply["parent_header"].get("msg_id") != msg_id:
        reply = kc.get_shell_msg(timeout=timeout)
    msgs = []
    while True:
        m = kc.get_iopub_msg(timeout=timeout)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        msgs.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
    return reply["content"], msgs


def of_type(msgs, t):
    return [m["content"] for m in msgs if m["msg_type"] == t]


try:
    info = kc.kernel_info(reply=True, timeout=10)["content"]
    check(info["language_info"]["name"] == "cgs", "kernel_info names the language cgs")
    check(info["language_info"]["file_extension"] == ".cgs", "kernel_info gives the file extension .cgs")
    check(info["language_info"]["pygments_lexer"] == "pascal" and info["language_info"]["codemirror_mode"] == "pascal",
          "kernel_info names a lexer and a CodeMirror mode for syntax colours")

    reply, msgs = run("1 + 1")
    check(reply["status"] == "ok", "1 + 1 runs")
    results = of_type(msgs, "execute_result")
    # CGSuite 2.2: 1 + 1 is 2.
    check(results and results[0]["data"]["text/plain"] == "2", "1 + 1 gives execute_result 2")
    check(results[0]["execution_count"] == reply["execution_count"], "execute_result carries the execution count")

    # CGSuite's brace game literal (issue 33 item 1): CGSuite 2.2 gives 3/4 for {2||1|0}.Temperature.
    reply, msgs = run("{2||1|0}.Temperature")
    check(of_type(msgs, "execute_result")[0]["data"]["text/plain"] == "3/4", "a brace game literal is a game")
    reply, msgs = run('Print("hello"); ^ + *')
    streams = "".join(c["text"] for c in of_type(msgs, "stream"))
    check(streams == "hello\n", "Print streams to stdout")
    # CGSuite 2.2 prints ^ + * as ^*.
    check(of_type(msgs, "execute_result")[0]["data"]["text/plain"] == "^*", "^ + * gives ^*")
    data = of_type(msgs, "execute_result")[0]["data"]
    check("\u2191\u2217" in data.get("text/html", ""), "a game value has text/html with arrows and stars typeset")
    check(data.get("text/latex") == "$\\uparrow \\ast $", "a game value has text/latex")
    ET.fromstring(data["text/html"])  # well-formed
    # CGSuite 2.2: 1/2 and +-1 print as 1/2 and +-1; typeset as one half and plus-or-minus one.
    reply, msgs = run("1/2")
    check("\u00bd" in of_type(msgs, "execute_result")[0]["data"].get("text/html", ""), "1/2 is typeset as a fraction")
    reply, msgs = run("+-1")
    check(of_type(msgs, "execute_result")[0]["data"].get("text/latex") == "$\\pm 1$", "+-1 is typeset with \\pm")

    reply, msgs = run("<1|*>.GameTree")
    data = of_type(msgs, "execute_result")[0]["data"]
    check("image/svg+xml" in data, "a game tree has an image/svg+xml output")
    root = ET.fromstring(data["image/svg+xml"])
    # <1|*> has 6 nodes: itself, 1, 0 (under 1), *, and two 0s under * (hand derivation).
    circles = [e for e in root.iter() if e.tag.endswith("circle")]
    check(len(circles) == 6, "the game tree of <1|*> draws 6 nodes")

    reply, msgs = run("<2||1|0>.Thermograph")
    data = of_type(msgs, "execute_result")[0]["data"]
    check("image/svg+xml" in data, "a thermograph has an image/svg+xml output")
    root = ET.fromstring(data["image/svg+xml"])
    check(root.tag.endswith("svg"), "the SVG is well-formed XML with an <svg> root")

    reply, msgs = run('Table(["n", "value"], [1, ^], [2, *2])')
    data = of_type(msgs, "execute_result")[0]["data"]
    html = data.get("text/html", "")
    check("<table" in html and "<td>^</td>" in html and "<td>*2</td>" in html, "Table(...) has a text/html table")
    ET.fromstring(html)  # well-formed

    reply, msgs = run("x := 5;\nnosuchname + 1")
    check(reply["status"] == "error", "an error cell replies with status error")
    errors = of_type(msgs, "error")
    check(errors and "\x1b" not in "".join(errors[0]["traceback"]), "the error's traceback has no colour codes")
    check("nosuchname" in "".join(errors[0]["traceback"]), "the traceback renders the diagnostic")

    c = kc.complete("Tab", 3, reply=True, timeout=10)["content"]
    check("Table" in c["matches"] and c["cursor_start"] == 0, "complete_request offers Table for Tab")
    c = kc.complete("g := <1|0>; g.Tempe", 19, reply=True, timeout=10)["content"]
    check("Temperature" in c["matches"] and c["cursor_start"] == 14, "complete_request offers members after a dot")

    i = kc.inspect("x + 1", 0, reply=True, timeout=10)["content"]
    check(i["found"] and i["data"]["text/plain"].startswith("x = 5\n"), "inspect_request shows a variable's value")
    i = kc.inspect("Cool", 2, reply=True, timeout=10)["content"]
    check(i["found"] and i["data"]["text/plain"].startswith("Game.Cool(t)\n"), "inspect_request shows the ?Cool text")
    reply, msgs = run("l := [1, 2, 3];")
    c = kc.complete("l.Le", 4, reply=True, timeout=10)["content"]
    check(c["matches"] == ["Length"], "complete_request offers the members of the variable's type")
    i = kc.inspect("l.Length", 4, reply=True, timeout=10)["content"]
    check(i["found"] and i["data"]["text/plain"].startswith("List.Length"), "inspect_request of x.Member")
    i = kc.inspect("zzz", 1, reply=True, timeout=10)["content"]
    check(not i["found"], "inspect_request of an unknown name is not found")

    def is_complete(code):
        msg_id = kc.is_complete(code)
        while True:
            r = kc.get_shell_msg(timeout=10)
            if r["parent_header"].get("msg_id") == msg_id:
                return r["content"]

    r = is_complete("def f(x) begin")
    check(r["status"] == "incomplete", "is_complete: an open begin is incomplete")
    r = is_complete("1 + 1")
    check(r["status"] == "complete", "is_complete: 1 + 1 is complete")

    # Interrupt a long cell.
    msg_id = kc.execute("n := 0; while true do n := n + 1 end")
    # Interrupt only once the kernel is running this cell (under a loaded CI machine it may start late; an
    # interrupt that arrives before a cell starts does not carry over to it).
    deadline = time.time() + 60
    while time.time() < deadline:
        m = kc.get_iopub_msg(timeout=60)
        if (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                and m["content"]["execution_state"] == "busy"):
            break
    time.sleep(1.0)
    hb_alive = km.is_alive() and kc.hb_channel.is_beating()
    check(hb_alive, "the heartbeat answers while a cell runs")
    t0 = time.time()
    km.interrupt_kernel()
    reply = kc.get_shell_msg(timeout=30)
    elapsed = time.time() - t0
    check(reply["content"]["status"] == "error" and "Interrupted" in reply["content"]["evalue"],
          "an interrupted cell ends with an Interrupted error")
    check(elapsed < 1.0, f"the interrupt took effect within a second ({elapsed:.3f} s)")
    reply, msgs = run("x")
    check(of_type(msgs, "execute_result")[0]["data"]["text/plain"] == "5", "variables survive an interrupt")
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=False)

# The tour notebook, run top to bottom by nbclient.
nb = nbformat.read(NOTEBOOK, as_version=4)
client = NotebookClient(nb, kernel_name="cgs", timeout=300, allow_errors=False)
client.execute()
outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
check(any("image/svg+xml" in o.get("data", {}) for o in outputs), "the tour notebook shows an SVG thermograph")
check(any("text/html" in o.get("data", {}) for o in outputs), "the tour notebook shows an HTML table")
check(not any(o.output_type == "error" for o in outputs), "the tour notebook runs without errors")
# The ipc transport (jupyter_client's `ipc://IP-PORT` files) works as tcp does.
from jupyter_client import KernelManager
ipc_km = KernelManager(kernel_name="cgs", transport="ipc", ip=os.path.join(prefix, "kernel-ipc"))
ipc_km.start_kernel()
ipc_kc = ipc_km.client()
ipc_kc.start_channels()
try:
    ipc_kc.wait_for_ready(timeout=60)
    ipc_id = ipc_kc.execute("*2 + *3")
    while True:
        m = ipc_kc.get_iopub_msg(timeout=30)
        if m["parent_header"].get("msg_id") == ipc_id and m["msg_type"] == "execute_result":
            # Nim sum: 2 xor 3 = 1, printed * (CGSuite 2.2 prints *2 + *3 as *).
            check(m["content"]["data"]["text/plain"] == "*", "over ipc, *2 + *3 gives *")
            break
finally:
    ipc_kc.stop_channels()
    ipc_km.shutdown_kernel(now=False)

if SAVE:
    nbformat.write(nb, NOTEBOOK)
    print(f"saved {NOTEBOOK} with outputs")
print("all kernel checks passed")
