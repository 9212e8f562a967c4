//! `cgs._cgs`: the native part of the Python package `cgs` (the rest is `cgs/*.py`).
//!
//! Each [`Session`] owns a cgs workspace ([`cgs::embed::Embedded`]) that lives on its own thread with a big
//! stack; Python calls send it jobs and wait with the GIL released, polling for signals every 20 ms, so
//! other Python threads run meanwhile and Ctrl-C raises the workspace's interrupt flag (the computation stops
//! at its next polling point and `KeyboardInterrupt` is raised). Values that are not plain data stay in the
//! workspace, named by handles held by [`Value`] / [`Game`] objects (released when the object is dropped).

// pyo3 0.22's `#[pymethods]` expansion converts each `PyResult` into itself (clippy's `useless_conversion`
// points at every method signature, not at code written here).
#![allow(clippy::useless_conversion)]

use cgs::embed::{Embedded, Failure, Plain};
use num_bigint::BigInt;
use pyo3::create_exception;
use pyo3::exceptions::{PyAttributeError, PyException, PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyFrozenSet, PyList, PySet, PyString, PyTuple};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

create_exception!(
    cgs,
    CgsError,
    PyException,
    "An error reported by cgs: `message`, and where (`file`, `line`, `column`, `span`)."
);

type Job = Box<dyn FnOnce(&mut Embedded) + Send>;

/// The thread that owns a workspace.
struct Worker {
    jobs: Mutex<mpsc::Sender<Job>>,
    interrupt: Arc<AtomicBool>,
    /// The process that started the thread (a forked child has no such thread).
    pid: u32,
}

impl Worker {
    fn start() -> PyResult<Arc<Worker>> {
        static BUDGET: std::sync::Once = std::sync::Once::new();
        BUDGET.call_once(|| {
            // The command line's default: three quarters of the machine's memory.
            if cgs::game::budget::limit() == usize::MAX {
                if let Some(limit) = cgs::game::budget::default_limit() {
                    cgs::game::budget::set_limit(limit);
                }
            }
        });
        let (tx, rx) = mpsc::channel::<Job>();
        let (ftx, frx) = mpsc::channel();
        std::thread::Builder::new()
            .name("cgs-session".into())
            .spawn(move || {
                cgs::interp::with_big_stack(move || {
                    let mut e = Embedded::new();
                    let _ = ftx.send(e.interrupt_flag());
                    while let Ok(job) = rx.recv() {
                        job(&mut e);
                    }
                })
            })
            .expect("cannot start the cgs session thread");
        let interrupt = frx.recv().map_err(|_| {
            PyException::new_err("the cgs session could not start (is the memory budget too small for a new session?)")
        })?;
        Ok(Arc::new(Worker { jobs: Mutex::new(tx), interrupt, pid: std::process::id() }))
    }

    fn post(&self, job: Job) -> bool {
        self.jobs.lock().map(|tx| tx.send(job).is_ok()).unwrap_or(false)
    }

    /// Runs `f` on the workspace and waits, GIL released; Ctrl-C interrupts it.
    fn run<R: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Embedded) -> R + Send + 'static,
    ) -> PyResult<R> {
        if self.pid != std::process::id() {
            return Err(PyException::new_err(
                "this cgs value belongs to a session of another process (pickle it to send it across)",
            ));
        }
        let (tx, rx) = mpsc::channel();
        if !self.post(Box::new(move |e| {
            let _ = tx.send(f(e));
        })) {
            return Err(PyException::new_err("the cgs session has stopped"));
        }
        let mut rx = rx;
        loop {
            let (back, got) = py.allow_threads(move || {
                let got = rx.recv_timeout(Duration::from_millis(20));
                (rx, got)
            });
            rx = back;
            match got {
                Ok(r) => return Ok(r),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyException::new_err("the cgs session stopped during the computation"))
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        py.allow_threads(move || self.stop(rx));
                        return Err(signal);
                    }
                }
            }
        }
    }

    /// Stops the job whose answer comes on `rx` and waits for it. The flag is raised again every 20 ms until the
    /// answer comes: a job that had not yet started its cell when Ctrl-C came clears the flag as the cell
    /// begins, and must still see it. Once the answer is in, the flag is lowered, so that a raise the job never
    /// saw does not stop the next one.
    fn stop<R>(&self, rx: mpsc::Receiver<R>) {
        loop {
            self.interrupt.store(true, Ordering::Relaxed);
            match rx.recv_timeout(Duration::from_millis(20)) {
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                _ => break,
            }
        }
        self.interrupt.store(false, Ordering::Relaxed);
    }
}

fn cgs_error(py: Python<'_>, f: Failure) -> PyErr {
    if f.interrupted {
        return PyKeyboardInterrupt::new_err(f.message);
    }
    let err = CgsError::new_err(f.message.clone());
    let v = err.value_bound(py);
    let _ = v.setattr("message", f.message);
    let _ = v.setattr("rendered", f.rendered);
    let _ = v.setattr("file", f.file);
    let _ = v.setattr("line", f.line);
    let _ = v.setattr("column", f.column);
    let _ = v.setattr("span", (f.start, f.end));
    err
}

/// Runs `f` and turns a cgs failure into `CgsError`.
fn call<R: Send + 'static>(
    py: Python<'_>,
    w: &Worker,
    f: impl FnOnce(&mut Embedded) -> Result<R, Failure> + Send + 'static,
) -> PyResult<R> {
    w.run(py, f)?.map_err(|e| cgs_error(py, e))
}

/// A cgs workspace: its own variables, memo tables and rulesets.
#[pyclass(module = "cgs._cgs", frozen)]
struct Session {
    worker: Arc<Worker>,
}

fn fraction(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static FRACTION: OnceLock<Py<PyAny>> = OnceLock::new();
    if let Some(f) = FRACTION.get() {
        return Ok(f.bind(py).clone());
    }
    let f = py.import_bound("fractions")?.getattr("Fraction")?;
    let _ = FRACTION.set(f.clone().unbind());
    Ok(f)
}

fn to_py(py: Python<'_>, w: &Arc<Worker>, p: Plain) -> PyResult<PyObject> {
    Ok(match p {
        Plain::Nothing => py.None(),
        Plain::Bool(b) => b.into_py(py),
        Plain::Int(n) => n.into_py(py),
        Plain::Rational(n, d) => fraction(py)?.call1((n, d))?.unbind(),
        Plain::Infinity(s) => (f64::INFINITY * f64::from(s)).into_py(py),
        Plain::Str(s) => s.into_py(py),
        Plain::List(xs) => {
            let items = xs.into_iter().map(|x| to_py(py, w, x)).collect::<PyResult<Vec<_>>>()?;
            PyList::new_bound(py, items).into_any().unbind()
        }
        Plain::Tuple(xs) => {
            let items = xs.into_iter().map(|x| to_py(py, w, x)).collect::<PyResult<Vec<_>>>()?;
            PyTuple::new_bound(py, items).into_any().unbind()
        }
        Plain::Set(xs) => {
            let items = xs.into_iter().map(|x| to_py(py, w, x)).collect::<PyResult<Vec<_>>>()?;
            PyFrozenSet::new_bound(py, &items)?.into_any().unbind()
        }
        Plain::Map(kv) => {
            let d = PyDict::new_bound(py);
            for (k, v) in kv {
                d.set_item(to_py(py, w, k)?, to_py(py, w, v)?)?;
            }
            d.into_any().unbind()
        }
        Plain::Handle { id, type_name, game } => {
            let base = Value { worker: w.clone(), id, type_name };
            if game {
                Py::new(py, (Game { encoding: OnceLock::new() }, base))?.into_any()
            } else {
                Py::new(py, base)?.into_any()
            }
        }
        Plain::Encoded(_) => return Err(PyException::new_err("internal: an encoded game was not decoded")),
    })
}

/// A Python value as cgs data, for the workspace of `w`.
fn from_py(py: Python<'_>, w: &Arc<Worker>, x: &Bound<'_, PyAny>) -> PyResult<Plain> {
    if x.is_none() {
        return Ok(Plain::Nothing);
    }
    if let Ok(b) = x.downcast::<PyBool>() {
        return Ok(Plain::Bool(b.is_true()));
    }
    if let Ok(v) = x.downcast::<Value>() {
        let v = v.get();
        if Arc::ptr_eq(&v.worker, w) {
            return Ok(Plain::Handle { id: v.id, type_name: v.type_name.clone(), game: false });
        }
        if let Ok(g) = x.downcast::<Game>() {
            return Ok(Plain::Encoded(g.get().encoding(py, v)?.as_bytes().to_vec()));
        }
        return Err(PyTypeError::new_err(format!("a cgs {} from another session cannot be used here", v.type_name)));
    }
    if let Ok(n) = x.extract::<BigInt>() {
        if x.is_instance_of::<pyo3::types::PyLong>() {
            return Ok(Plain::Int(n));
        }
    }
    if x.is_instance(&fraction(py)?)? {
        let n: BigInt = x.getattr("numerator")?.extract()?;
        let d: BigInt = x.getattr("denominator")?.extract()?;
        return Ok(if d == BigInt::from(1) { Plain::Int(n) } else { Plain::Rational(n, d) });
    }
    if let Ok(f) = x.downcast::<PyFloat>() {
        let f = f.value();
        if f.is_infinite() {
            return Ok(Plain::Infinity(if f > 0.0 { 1 } else { -1 }));
        }
        return Err(PyTypeError::new_err("cgs has no floating-point numbers: use int or fractions.Fraction"));
    }
    if let Ok(s) = x.downcast::<PyString>() {
        return Ok(Plain::Str(s.to_cow()?.into_owned()));
    }
    if let Ok(l) = x.downcast::<PyList>() {
        return Ok(Plain::List(l.iter().map(|i| from_py(py, w, &i)).collect::<PyResult<_>>()?));
    }
    if let Ok(t) = x.downcast::<PyTuple>() {
        return Ok(Plain::Tuple(t.iter().map(|i| from_py(py, w, &i)).collect::<PyResult<_>>()?));
    }
    if let Ok(s) = x.downcast::<PyFrozenSet>() {
        return Ok(Plain::Set(s.iter().map(|i| from_py(py, w, &i)).collect::<PyResult<_>>()?));
    }
    if let Ok(s) = x.downcast::<PySet>() {
        return Ok(Plain::Set(s.iter().map(|i| from_py(py, w, &i)).collect::<PyResult<_>>()?));
    }
    if let Ok(d) = x.downcast::<PyDict>() {
        let mut kv = Vec::new();
        for (k, v) in d.iter() {
            kv.push((from_py(py, w, &k)?, from_py(py, w, &v)?));
        }
        return Ok(Plain::Map(kv));
    }
    Err(PyTypeError::new_err(format!("cannot give a {} to cgs", x.get_type().name()?)))
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (*, max_memory=None, print_limit=None))]
    fn new(max_memory: Option<&Bound<'_, PyAny>>, print_limit: Option<usize>) -> PyResult<Session> {
        let s = Session { worker: Worker::start()? };
        if let Some(m) = max_memory {
            set_max_memory(m)?;
        }
        if let Some(n) = print_limit {
            cgs::game::print_limit::set_setting(Some(n));
        }
        Ok(s)
    }

    /// Evaluates cgs source in this session; the value of its last statement.
    fn eval(&self, py: Python<'_>, src: String) -> PyResult<PyObject> {
        let (p, printed) = call(py, &self.worker, move |e| {
            let mut out = Vec::new();
            let r = e.eval(&src, &mut out);
            r.map(|p| (p, String::from_utf8_lossy(&out).into_owned()))
        })?;
        write_stdout(py, &printed)?;
        to_py(py, &self.worker, p)
    }

    /// Runs a cgs script file in this session; the value of its last statement.
    fn run(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<PyObject> {
        let path = path.to_string_lossy().into_owned();
        let (p, printed) = call(py, &self.worker, move |e| {
            let mut out = Vec::new();
            let r = e.run_file(&path, &mut out);
            r.map(|p| (p, String::from_utf8_lossy(&out).into_owned()))
        })?;
        write_stdout(py, &printed)?;
        to_py(py, &self.worker, p)
    }

    /// A top-level variable of this session (`KeyError` if unset).
    fn __getitem__(&self, py: Python<'_>, name: String) -> PyResult<PyObject> {
        let key = name.clone();
        match self.worker.run(py, move |e| e.var(&key))? {
            Some(p) => to_py(py, &self.worker, p),
            None => Err(pyo3::exceptions::PyKeyError::new_err(name)),
        }
    }

    /// Sets a top-level variable of this session.
    fn __setitem__(&self, py: Python<'_>, name: String, value: &Bound<'_, PyAny>) -> PyResult<()> {
        if !name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(PyValueError::new_err(format!("not a cgs variable name: {name:?}")));
        }
        let p = from_py(py, &self.worker, value)?;
        call(py, &self.worker, move |e| e.set_var(&name, p))
    }

    /// Applies a function value (or source such as `"n -> n + 1"`) to each argument tuple, in this session:
    /// a list of `(True, value)` or `(False, CgsError)` pairs. Used by `cgs.table`.
    fn map_rows(&self, py: Python<'_>, function: String, rows: &Bound<'_, PyList>) -> PyResult<Vec<(bool, PyObject)>> {
        let args: Vec<Plain> = rows.iter().map(|r| from_py(py, &self.worker, &r)).collect::<PyResult<_>>()?;
        let results = self.worker.run(py, move |e| {
            let f = match e.eval(&function, &mut std::io::sink()) {
                Ok(f) => f,
                Err(err) => return Err(err),
            };
            let out: Vec<Result<Plain, Failure>> = args.into_iter().map(|a| e.call(f.clone(), vec![a])).collect();
            if let Plain::Handle { id, .. } = f {
                e.release(id);
            }
            Ok(out)
        })?;
        let results = results.map_err(|e| cgs_error(py, e))?;
        let mut out = Vec::with_capacity(results.len());
        for r in results {
            match r {
                Ok(p) => out.push((true, to_py(py, &self.worker, p)?)),
                Err(f) if f.interrupted => return Err(PyKeyboardInterrupt::new_err(f.message)),
                Err(f) => out.push((false, cgs_error(py, f).into_value(py).into_any())),
            }
        }
        Ok(out)
    }

    /// The game a canonical encoding (`Game.encode()`) describes, in this session.
    fn decode(&self, py: Python<'_>, data: Vec<u8>) -> PyResult<PyObject> {
        let p = call(py, &self.worker, move |e| e.decode(&data))?;
        to_py(py, &self.worker, p)
    }

    /// The CGSuite name of a member, given by that name or in snake_case (`None` if there is none).
    fn member_name(&self, py: Python<'_>, name: String) -> PyResult<Option<String>> {
        self.worker.run(py, move |e| e.member_name(&name))
    }

    /// Every member name of every cgs type.
    fn member_names(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.worker.run(py, |e| e.member_names().into_iter().map(String::from).collect())
    }

    /// The number of cgs values Python objects of this session hold.
    fn handle_count(&self, py: Python<'_>) -> PyResult<usize> {
        self.worker.run(py, |e| e.handle_count())
    }
}

fn write_stdout(py: Python<'_>, text: &str) -> PyResult<()> {
    if !text.is_empty() {
        py.import_bound("sys")?.getattr("stdout")?.call_method1("write", (text,))?;
    }
    Ok(())
}

fn set_max_memory(m: &Bound<'_, PyAny>) -> PyResult<()> {
    let bytes = if let Ok(n) = m.extract::<usize>() {
        n
    } else {
        let s: String = m.extract()?;
        cgs::game::budget::parse_budget(&s).map_err(PyValueError::new_err)?
    };
    cgs::game::budget::set_limit(bytes);
    Ok(())
}

/// Sets the memory budget of every session of this process (bytes, or a size such as `"4G"`).
#[pyfunction]
fn set_max_memory_py(m: &Bound<'_, PyAny>) -> PyResult<()> {
    set_max_memory(m)
}

/// The memory budget in bytes (`None`: no budget).
#[pyfunction]
fn max_memory() -> Option<usize> {
    let l = cgs::game::budget::limit();
    (l != usize::MAX).then_some(l)
}

/// Sets how many characters a printed value may have before it is cut (`None`: no limit).
#[pyfunction]
#[pyo3(signature = (limit))]
fn set_print_limit(limit: Option<usize>) {
    cgs::game::print_limit::set_setting(limit);
}

/// A cgs value that is not plain data: a thermograph, a function, a position, a loopy game … Immutable.
#[pyclass(module = "cgs._cgs", subclass, frozen)]
struct Value {
    worker: Arc<Worker>,
    id: u64,
    type_name: String,
}

impl Drop for Value {
    fn drop(&mut self) {
        let id = self.id;
        self.worker.post(Box::new(move |e| e.release(id)));
    }
}

impl Value {
    fn plain(&self) -> Plain {
        Plain::Handle { id: self.id, type_name: self.type_name.clone(), game: false }
    }

    fn binary(&self, py: Python<'_>, op: &'static str, other: &Bound<'_, PyAny>, swap: bool) -> PyResult<PyObject> {
        let Ok(o) = from_py(py, &self.worker, other) else {
            return Ok(py.NotImplemented());
        };
        let me = self.plain();
        let (a, b) = if swap { (o, me) } else { (me, o) };
        let p = call(py, &self.worker, move |e| e.binary(op, a, b))?;
        to_py(py, &self.worker, p)
    }

    fn text(&self, py: Python<'_>) -> PyResult<String> {
        let me = self.plain();
        call(py, &self.worker, move |e| e.display(me))
    }

    fn bundle<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let me = self.plain();
        let json = call(py, &self.worker, move |e| e.bundle(me))?;
        py.import_bound("json")?.call_method1("loads", (json,))?.downcast_into::<PyDict>().map_err(Into::into)
    }

    fn mime(&self, py: Python<'_>, kind: &str) -> PyResult<PyObject> {
        Ok(match self.bundle(py)?.get_item(kind)? {
            Some(x) => x.unbind(),
            None => py.None(),
        })
    }
}

#[pymethods]
impl Value {
    /// The cgs type name (`Game`, `Thermograph`, `Function`, …).
    #[getter]
    fn type_name(&self) -> &str {
        &self.type_name
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.text(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("cgs.eval({:?})", self.text(py)?))
    }

    /// A member by its CGSuite name or in snake_case: its value, or a callable when it takes arguments.
    fn __getattr__(&self, py: Python<'_>, name: String) -> PyResult<PyObject> {
        if name.starts_with('_') {
            return Err(PyAttributeError::new_err(name));
        }
        let me = self.plain();
        let key = name.clone();
        let r = self.worker.run(py, move |e| e.member_name(&key).map(|_| e.member(me, &key, None)))?;
        match r {
            None => Err(PyAttributeError::new_err(format!("cgs has no member named {name}"))),
            Some(Err(f)) => Err(cgs_error(py, f)),
            Some(Ok(p)) => to_py(py, &self.worker, p),
        }
    }

    fn __dir__(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.worker.run(py, |e| e.member_names().into_iter().map(String::from).collect())
    }

    /// Calls a cgs function value.
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
        let args: Vec<Plain> = args.iter().map(|a| from_py(py, &self.worker, &a)).collect::<PyResult<_>>()?;
        let me = self.plain();
        let p = call(py, &self.worker, move |e| e.call(me, args))?;
        to_py(py, &self.worker, p)
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<PyObject> {
        let op = match op {
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        };
        match self.binary(py, op, other, false) {
            Err(e) if e.is_instance_of::<CgsError>(py) && matches!(op, "==" | "!=") => Ok((op == "!=").into_py(py)),
            r => r,
        }
    }

    fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "+", o, false)
    }
    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "+", o, true)
    }
    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "-", o, false)
    }
    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "-", o, true)
    }
    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "*", o, false)
    }
    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "*", o, true)
    }
    /// `g | h`: whether `g` and `h` are confused (incomparable), cgs's `g <> h`.
    fn __or__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "<>", o, false)
    }
    fn __ror__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "<>", o, true)
    }
    /// Whether `self` and `other` are confused (incomparable): cgs's `self <> other`.
    fn fuzzy(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, "<>", o, false)
    }
    fn __neg__(&self, py: Python<'_>) -> PyResult<PyObject> {
        let me = self.plain();
        let p = call(py, &self.worker, move |e| e.apply("-__cgs_arg0", vec![me]))?;
        to_py(py, &self.worker, p)
    }
    fn __pos__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The Jupyter MIME bundle (`text/plain`, and HTML and LaTeX for games, SVG for thermographs and trees).
    #[pyo3(signature = (include=None, exclude=None))]
    fn _repr_mimebundle_(
        &self,
        py: Python<'_>,
        include: Option<PyObject>,
        exclude: Option<PyObject>,
    ) -> PyResult<PyObject> {
        let _ = (include, exclude);
        Ok(self.bundle(py)?.into_any().unbind())
    }
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.mime(py, "text/html")
    }
    fn _repr_latex_(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.mime(py, "text/latex")
    }
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.mime(py, "image/svg+xml")
    }
}

/// A short canonical game that is not a number (numbers come back as `int` and `Fraction`). Immutable,
/// hashable, and picklable by its compact canonical encoding.
#[pyclass(module = "cgs._cgs", extends = Value, frozen)]
struct Game {
    encoding: OnceLock<Py<PyBytes>>,
}

impl Game {
    fn encoding<'py>(&self, py: Python<'py>, base: &Value) -> PyResult<Bound<'py, PyBytes>> {
        if let Some(b) = self.encoding.get() {
            return Ok(b.bind(py).clone());
        }
        let me = Plain::Handle { id: base.id, type_name: base.type_name.clone(), game: true };
        let bytes = call(py, &base.worker, move |e| e.encode(me))?;
        let b = PyBytes::new_bound(py, &bytes);
        let _ = self.encoding.set(b.clone().unbind());
        Ok(b)
    }
}

#[pymethods]
impl Game {
    /// The compact canonical encoding: the same bytes for the same game in every session and process.
    fn encode<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        slf.encoding(py, slf.as_ref())
    }

    // Defined again here: a type that defines `__hash__` does not inherit its base's comparison slot.
    fn __richcmp__(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<PyObject> {
        slf.as_ref().__richcmp__(py, other, op)
    }

    fn __hash__(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<isize> {
        slf.encoding(py, slf.as_ref())?.hash()
    }

    fn __reduce__<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> PyResult<(PyObject, (Bound<'py, PyBytes>,))> {
        let f = py.import_bound("cgs")?.getattr("_decode")?.unbind();
        Ok((f, (slf.encoding(py, slf.as_ref())?,)))
    }
}

static DEFAULT: Mutex<Option<(u32, Py<Session>)>> = Mutex::new(None);

/// The session `cgs.eval` and unpickled games use (created on first use; a new one in a forked child).
#[pyfunction]
fn default_session(py: Python<'_>) -> PyResult<Py<Session>> {
    let mut d = DEFAULT.lock().map_err(|_| PyException::new_err("the default session lock is poisoned"))?;
    let pid = std::process::id();
    if let Some((p, s)) = &*d {
        if *p == pid {
            return Ok(s.clone_ref(py));
        }
        // After fork the session's thread is not in this process: forget it without dropping it.
        if let Some((_, s)) = d.take() {
            std::mem::forget(s);
        }
    }
    let s = Py::new(py, Session { worker: Worker::start()? })?;
    *d = Some((pid, s.clone_ref(py)));
    Ok(s)
}

#[pymodule]
fn _cgs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Session>()?;
    m.add_class::<Value>()?;
    m.add_class::<Game>()?;
    m.add("CgsError", m.py().get_type_bound::<CgsError>())?;
    m.add_function(wrap_pyfunction!(default_session, m)?)?;
    m.add_function(wrap_pyfunction!(set_max_memory_py, m)?)?;
    m.add_function(wrap_pyfunction!(max_memory, m)?)?;
    m.add_function(wrap_pyfunction!(set_print_limit, m)?)?;
    Ok(())
}
