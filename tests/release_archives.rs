//! The release archives `scripts/package.sh` writes to `dist/`: the Windows zip is a valid
//! Gomocup entry (one `pbrain-…64.exe` at the top level, the exe `scripts/build-windows.sh`
//! built, a 64-bit console program importing only Windows' own DLLs, README and LICENSE, at
//! most 8 MB), and the Linux tarball holds a runnable engine with README and LICENSE in one
//! folder.
//!
//! Skipped with a message when the archives are missing or older than the exe (see
//! `windows_common`); `.ci/run` packages first and requires these tests.

mod windows_common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use windows_common::{exe_path, repo_root, skip};

const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Gomocup's limit on an entry's zip.
const MAX_ZIP_BYTES: u64 = 8_000_000;

fn dist(name: &str) -> PathBuf {
    repo_root().join("dist").join(name)
}

/// The archive at `path`, or `None` (after saying why) when it is missing or older than `built`.
fn archive(test: &str, path: &Path, built: &Path) -> Option<Vec<u8>> {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(path), modified(built)) {
        (None, _) => skip(test, &format!("{} does not exist", path.display())),
        (Some(archive), Some(exe)) if archive < exe => skip(
            test,
            &format!("{} is older than {}", path.display(), built.display()),
        ),
        _ => return Some(std::fs::read(path).expect("read the archive")),
    }
    None
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(bytes[at..at + 2].try_into().unwrap())
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

/// One file in a zip's central directory.
#[derive(Debug)]
struct ZipEntry {
    name: String,
    crc32: u32,
    size: u64,
}

/// The entries of the zip in `bytes`, from its central directory.
fn zip_entries(bytes: &[u8]) -> Vec<ZipEntry> {
    // The end-of-central-directory record: signature, then the entry count at +10, the
    // directory's offset at +16; it is the last 22 bytes plus a comment of at most 64 KiB.
    let end = (0..=bytes.len() - 22)
        .rev()
        .find(|&at| u32_at(bytes, at) == 0x0605_4b50)
        .expect("a zip end record");
    let count = u16_at(bytes, end + 10) as usize;
    let mut at = u32_at(bytes, end + 16) as usize;
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        assert_eq!(u32_at(bytes, at), 0x0201_4b50, "a central directory header");
        let name_length = u16_at(bytes, at + 28) as usize;
        let extra_length = u16_at(bytes, at + 30) as usize;
        let comment_length = u16_at(bytes, at + 32) as usize;
        let name = &bytes[at + 46..at + 46 + name_length];
        entries.push(ZipEntry {
            name: String::from_utf8(name.to_vec()).expect("a UTF-8 name"),
            crc32: u32_at(bytes, at + 16),
            size: u32_at(bytes, at + 24) as u64,
        });
        at += 46 + name_length + extra_length + comment_length;
    }
    entries
}

/// The CRC-32 zip stores (IEEE, reflected).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// What the PE headers of a Windows executable say.
#[derive(Debug)]
struct PeFacts {
    machine: u16,
    /// 0x20b for PE32+ (64-bit).
    magic: u16,
    /// 3 for a console program.
    subsystem: u16,
    imports: Vec<String>,
}

fn pe_facts(exe: &[u8]) -> PeFacts {
    assert_eq!(&exe[..2], b"MZ");
    let pe = u32_at(exe, 0x3c) as usize;
    assert_eq!(&exe[pe..pe + 4], b"PE\0\0");
    let sections = u16_at(exe, pe + 6) as usize;
    let optional = pe + 24;
    let section_table = optional + u16_at(exe, pe + 20) as usize;
    let magic = u16_at(exe, optional);
    assert_eq!(magic, 0x20b, "PE32+");
    // Maps a virtual address to its place in the file through the section table.
    let file_offset = |rva: usize| -> usize {
        (0..sections)
            .map(|i| section_table + 40 * i)
            .find_map(|s| {
                let start = u32_at(exe, s + 12) as usize;
                let length = (u32_at(exe, s + 8).max(u32_at(exe, s + 16))) as usize;
                (start..start + length)
                    .contains(&rva)
                    .then(|| rva - start + u32_at(exe, s + 20) as usize)
            })
            .expect("an address inside a section")
    };
    // Data directory 1 (imports) of a PE32+ optional header.
    let mut descriptor = file_offset(u32_at(exe, optional + 120) as usize);
    let mut imports = Vec::new();
    loop {
        let name = u32_at(exe, descriptor + 12) as usize;
        if name == 0 {
            break;
        }
        let start = file_offset(name);
        let length = exe[start..].iter().position(|&b| b == 0).unwrap();
        imports.push(String::from_utf8_lossy(&exe[start..start + length]).into_owned());
        descriptor += 20;
    }
    PeFacts {
        machine: u16_at(exe, pe + 4),
        magic,
        subsystem: u16_at(exe, optional + 68),
        imports,
    }
}

/// Whether `dll` ships with every Windows (an entry may bring no DLL of its own).
fn is_system_dll(dll: &str) -> bool {
    let dll = dll.to_ascii_lowercase();
    dll.starts_with("api-ms-win-")
        || [
            "kernel32.dll",
            "ntdll.dll",
            "msvcrt.dll",
            "advapi32.dll",
            "bcrypt.dll",
            "bcryptprimitives.dll",
            "ws2_32.dll",
            "userenv.dll",
            "user32.dll",
            "shell32.dll",
        ]
        .contains(&dll.as_str())
}

/// Gomocup's naming rule for a 64-bit executable.
fn is_gomocup_exe_name(name: &str) -> bool {
    name.starts_with("pbrain-")
        && name.ends_with(".exe")
        && name.contains("64")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
}

#[test]
fn gomocup_names() {
    assert!(is_gomocup_exe_name("pbrain-tengen64.exe"));
    assert!(!is_gomocup_exe_name("pbrain-tengen.exe"));
    assert!(!is_gomocup_exe_name("tengen64.exe"));
    assert!(!is_gomocup_exe_name("pbrain-ten gen64.exe"));
}

#[test]
fn crc32_of_a_known_string() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
}

#[test]
fn windows_zip_is_a_gomocup_entry() {
    let test = "windows_zip_is_a_gomocup_entry";
    let path = dist(&format!("pbrain-tengen-{VERSION}-windows-x86_64.zip"));
    let Some(zip) = archive(test, &path, &exe_path()) else {
        return;
    };
    assert!(zip.len() as u64 <= MAX_ZIP_BYTES, "{} bytes", zip.len());
    let entries = zip_entries(&zip);
    let mut names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["LICENSE", "README.md", "pbrain-tengen64.exe"]);
    let exes: Vec<&ZipEntry> = entries
        .iter()
        .filter(|e| e.name.to_ascii_lowercase().ends_with(".exe"))
        .collect();
    assert_eq!(exes.len(), 1, "one exe, so every league picks the same");
    assert!(is_gomocup_exe_name(&exes[0].name), "{}", exes[0].name);

    // The exe in the zip is the one scripts/build-windows.sh built.
    let exe = std::fs::read(exe_path()).expect("the built exe");
    assert_eq!(
        (exes[0].size, exes[0].crc32),
        (exe.len() as u64, crc32(&exe))
    );
    let facts = pe_facts(&exe);
    assert_eq!(facts.machine, 0x8664, "x86-64");
    assert_eq!(facts.magic, 0x20b, "PE32+");
    assert_eq!(facts.subsystem, 3, "a console program");
    assert!(facts
        .imports
        .iter()
        .any(|d| d.eq_ignore_ascii_case("kernel32.dll")));
    for dll in &facts.imports {
        assert!(is_system_dll(dll), "imports {dll}: {:?}", facts.imports);
    }

    let license = std::fs::read(repo_root().join("LICENSE")).unwrap();
    let entry = |name: &str| entries.iter().find(|e| e.name == name).unwrap();
    assert_eq!(entry("LICENSE").crc32, crc32(&license));
    assert!(entry("README.md").size > 0);
}

/// Runs `tar` with `args` on the archive; its standard output.
fn tar(args: &[&str], archive: &Path) -> Vec<u8> {
    let output = Command::new("tar")
        .args(args)
        .arg(archive)
        .output()
        .expect("run tar");
    assert!(output.status.success(), "tar {args:?} failed");
    output.stdout
}

#[test]
fn linux_tarball_holds_a_runnable_engine() {
    let test = "linux_tarball_holds_a_runnable_engine";
    let folder = format!("pbrain-tengen-{VERSION}-linux-x86_64");
    let path = dist(&format!("{folder}.tar.gz"));
    let built = repo_root().join("target/release/pbrain-tengen");
    if archive(test, &path, &built).is_none() {
        return;
    }
    // `tar -tv` lines: mode, owner, size, date, time, name.
    let listing = String::from_utf8(tar(&["-tvzf"], &path)).unwrap();
    let mut files: Vec<(String, String)> = listing
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields[5].to_string(), fields[0].to_string())
        })
        .collect();
    files.sort();
    let expected = |name: &str, mode: &str| (format!("{folder}/{name}"), mode.to_string());
    assert_eq!(
        files,
        [
            expected("", "drwxr-xr-x"),
            expected("LICENSE", "-rw-r--r--"),
            expected("README.md", "-rw-r--r--"),
            expected("pbrain-tengen", "-rwxr-xr-x"),
        ]
    );

    // The engine in it is a 64-bit x86 ELF program that speaks the protocol.
    let dir = repo_root().join("target/release-archive-test");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let dir_arg = dir.to_str().unwrap();
    tar(&["-C", dir_arg, "-xzf"], &path);
    let engine = dir.join(&folder).join("pbrain-tengen");
    let binary = std::fs::read(&engine).unwrap();
    assert_eq!(&binary[..4], b"\x7fELF");
    assert_eq!(binary[4], 2, "64-bit");
    assert_eq!(u16_at(&binary, 18), 0x3e, "x86-64");
    let mut child = Command::new(&engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the packaged engine");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"ABOUT\r\nEND\r\n")
        .unwrap();
    // A hang guard: the engine exits on END at once.
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the packaged engine did not exit after END");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with(&format!("name=\"Tengen\", version=\"{VERSION}\"")),
        "{text}"
    );
}
