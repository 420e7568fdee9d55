//! Helpers shared by the Windows tests: where the cross-built `pbrain-tengen.exe` and wine are,
//! whether the tests must run or may be skipped, and a handle on the exe running under wine
//! through pipes.
//!
//! The Windows tests need `scripts/build-windows.sh` to have built the exe and wine to run it.
//! On a machine without them they are skipped with a message on stderr; `.ci/run` sets
//! `TENGEN_REQUIRE_WINDOWS=1`, and then anything missing fails the test instead.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

/// How long a test waits for one reply before it calls the engine hung (a hang guard only:
/// the engine is asked for moves of a fraction of a second).
pub const REPLY_WAIT: Duration = Duration::from_secs(60);
/// How long a test waits for the process to exit after `END` or the end of its input.
pub const EXIT_WAIT: Duration = Duration::from_secs(20);
/// How long wine may take to create its prefix on the first start.
const PREFIX_WAIT: Duration = Duration::from_secs(300);

/// The repository's root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folder `scripts/build-windows.sh` builds in (the exe, and wine's prefix for the tests).
pub fn windows_target_dir() -> PathBuf {
    repo_root().join("target").join("windows")
}

/// Where `scripts/build-windows.sh` puts the exe (`TENGEN_WINDOWS_EXE` overrides it).
pub fn exe_path() -> PathBuf {
    match std::env::var_os("TENGEN_WINDOWS_EXE") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => windows_target_dir()
            .join("x86_64-pc-windows-gnu")
            .join("release")
            .join("pbrain-tengen.exe"),
    }
}

/// Whether a missing exe or wine fails the tests (`TENGEN_REQUIRE_WINDOWS=1`, as `.ci/run`
/// sets it) instead of skipping them.
pub fn required() -> bool {
    std::env::var("TENGEN_REQUIRE_WINDOWS").is_ok_and(|v| v == "1")
}

/// Skips the calling test with `reason` on stderr (straight to the terminal, past the test
/// harness's capture), or fails it when the Windows tests are required.
pub fn skip(test: &str, reason: &str) {
    assert!(!required(), "{test}: {reason} (TENGEN_REQUIRE_WINDOWS=1)");
    let _ = writeln!(
        std::io::stderr().lock(),
        "skipped {test}: {reason}; run scripts/build-windows.sh to build and test the Windows exe"
    );
}

/// The newest modification time among the files under `path`.
fn newest_change(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path)
        .ok()?
        .filter_map(|entry| newest_change(&entry.ok()?.path()))
        .max()
}

/// The exe, if it exists and is newer than every source file it is built from.
fn built_exe() -> Result<PathBuf, String> {
    let exe = exe_path();
    let built = std::fs::metadata(&exe)
        .and_then(|m| m.modified())
        .map_err(|_| format!("{} does not exist", exe.display()))?;
    if std::env::var_os("TENGEN_WINDOWS_EXE").is_none() {
        let root = repo_root();
        let sources = ["src", "Cargo.toml", "Cargo.lock"]
            .iter()
            .filter_map(|p| newest_change(&root.join(p)))
            .max();
        if sources.is_some_and(|s| s > built) {
            return Err(format!("{} is older than the sources", exe.display()));
        }
    }
    Ok(exe)
}

/// The 64-bit wine loader: `TENGEN_WINE`, Debian's `/usr/lib/wine/wine64` (not on `PATH`),
/// or `wine64` / `wine` on `PATH`.
fn find_wine() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("TENGEN_WINE").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(path));
    }
    let debian = PathBuf::from("/usr/lib/wine/wine64");
    if debian.is_file() {
        return Ok(debian);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["wine64", "wine"] {
            if dir.join(name).is_file() {
                return Ok(dir.join(name));
            }
        }
    }
    Err("no wine found (Debian: apt-get install wine64)".into())
}

/// The exe and wine, checked to work together.
#[derive(Debug)]
pub struct Windows {
    pub exe: PathBuf,
    pub wine: PathBuf,
    pub prefix: PathBuf,
}

impl Windows {
    /// A command that runs the exe under wine with `args`, with a wine prefix of its own under
    /// `target/windows` and wine's own messages off.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(&self.wine);
        command
            .arg(&self.exe)
            .args(args)
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            // No Mono or Gecko install prompts while wine sets up its prefix.
            .env("WINEDLLOVERRIDES", "mscoree=d;mshtml=d");
        command
    }
}

/// The exe and wine, once per test binary: the first start also creates wine's prefix (slow,
/// and not to be done by several tests at once). `Err` says why the tests cannot run.
fn setup() -> &'static Result<Windows, String> {
    static SETUP: OnceLock<Result<Windows, String>> = OnceLock::new();
    SETUP.get_or_init(|| {
        let windows = Windows {
            exe: built_exe()?,
            wine: find_wine()?,
            prefix: windows_target_dir().join("wineprefix"),
        };
        let mut first = Engine::spawn_with(&windows, &[])
            .map_err(|e| format!("wine cannot start the exe: {e}"))?;
        first.send("ABOUT");
        match first.reply_within(PREFIX_WAIT) {
            Some(about) if about.starts_with("name=") => {}
            other => return Err(format!("the exe under wine answered ABOUT with {other:?}")),
        }
        first.send("END");
        first.wait_exit(EXIT_WAIT);
        Ok(windows)
    })
}

/// The exe and wine for `test`, or `None` (after saying why on stderr) when they are missing
/// and not required.
pub fn windows(test: &str) -> Option<&'static Windows> {
    match setup() {
        Ok(windows) => Some(windows),
        Err(reason) => {
            skip(test, reason);
            None
        }
    }
}

/// The exe running under wine, with its output read on a thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line the engine wrote so far (without the line ending).
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts the exe with `args`.
    pub fn spawn(windows: &Windows, args: &[&str]) -> Engine {
        Engine::spawn_with(windows, args).expect("start the exe under wine")
    }

    fn spawn_with(windows: &Windows, args: &[&str]) -> std::io::Result<Engine> {
        let mut child = windows
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(line) = line else { break };
                if sender
                    .send(String::from_utf8_lossy(&line).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        })
    }

    /// The Unix process id (wine runs the Windows process in the process it was started as).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line with `\r\n`, as Windows managers do.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(format!("{line}\r\n").as_bytes())
            .expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    /// The next line that is not a `MESSAGE`, within `wait`, with its line ending (`\n` or
    /// `\r\n`) removed. Checks every line: no other control character, no lower-case keyword.
    pub fn reply_within(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let raw = self.lines.recv_timeout(left).ok()?;
            let line = raw.strip_suffix('\r').unwrap_or(&raw).to_string();
            assert!(
                !line.chars().any(|c| c.is_control()),
                "control character in {raw:?}"
            );
            assert!(!line.starts_with("SUGGEST"), "SUGGEST sent: {line}");
            self.transcript.push(line.clone());
            if !line.starts_with("MESSAGE ") {
                return Some(line);
            }
        }
    }

    /// The next reply; panics if none comes within [`REPLY_WAIT`].
    pub fn reply(&mut self) -> String {
        match self.reply_within(REPLY_WAIT) {
            Some(line) => line,
            None => panic!("no reply; transcript: {:?}", self.transcript),
        }
    }

    /// Sends a line and returns its reply.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply()
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `wait` for the process to exit; its exit code, or `None` if it did not.
    pub fn wait_exit(&mut self, wait: Duration) -> Option<i32> {
        let deadline = Instant::now() + wait;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.code().unwrap_or(-1));
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Lines written after the last reply until the output closed (waits up to `wait`).
    pub fn remaining_output(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut rest = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            rest.push(line);
        }
        rest
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Parses a move reply `x,y`.
pub fn parse_move(line: &str) -> Option<(i64, i64)> {
    let (x, y) = line.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}
