//! `cgs kernel install [--user|--prefix P]`: writes the kernelspec directory `cgs/` (kernel.json and logos)
//! where Jupyter looks for kernels. Without an option it installs for the current user.

use serde_json::json;
use std::path::{Path, PathBuf};

/// Where to install.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The user's Jupyter data directory: `$JUPYTER_DATA_DIR`, else `$XDG_DATA_HOME/jupyter`, else
    /// `~/.local/share/jupyter` (`~/Library/Jupyter` on macOS).
    User,
    /// `P/share/jupyter` (e.g. a virtual environment's prefix).
    Prefix(PathBuf),
}

/// The kernels directory for a target.
pub fn kernels_dir(target: &Target) -> Result<PathBuf, String> {
    let data = match target {
        Target::Prefix(p) => p.join("share").join("jupyter"),
        Target::User => {
            if let Some(d) = std::env::var_os("JUPYTER_DATA_DIR").filter(|d| !d.is_empty()) {
                PathBuf::from(d)
            } else {
                let home = std::env::var_os("HOME").ok_or("HOME is not set; use `cgs kernel install --prefix P`.")?;
                if cfg!(target_os = "macos") {
                    PathBuf::from(home).join("Library").join("Jupyter")
                } else if let Some(x) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
                    PathBuf::from(x).join("jupyter")
                } else {
                    PathBuf::from(home).join(".local").join("share").join("jupyter")
                }
            }
        }
    };
    Ok(data.join("kernels"))
}

/// The `kernel.json` text for a `cgs` executable at `exe`, started with the `cgs kernel` options `options`
/// (`--max-memory 4G`) before the connection file.
pub fn kernel_json(exe: &Path, options: &[String]) -> String {
    let mut argv = vec![exe.display().to_string(), "kernel".to_string()];
    argv.extend(options.iter().cloned());
    argv.push("{connection_file}".to_string());
    let spec = json!({
        "argv": argv,
        "display_name": "cgs",
        "language": "cgs",
        "interrupt_mode": "message",
        "metadata": { "file_extension": ".cgs" },
    });
    serde_json::to_string_pretty(&spec).unwrap_or_default() + "\n"
}

/// Installs the kernelspec, whose argv passes `options` to `cgs kernel`; returns the directory written.
pub fn install(target: &Target, options: &[String]) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the cgs executable: {e}."))?;
    let dir = kernels_dir(target)?.join("cgs");
    let io = |e: std::io::Error| format!("Could not write `{}`: {}.", dir.display(), crate::repl::io_reason(&e));
    std::fs::create_dir_all(&dir).map_err(io)?;
    std::fs::write(dir.join("kernel.json"), kernel_json(&exe, options)).map_err(io)?;
    std::fs::write(dir.join("logo-32x32.png"), logo_png(32)).map_err(io)?;
    std::fs::write(dir.join("logo-64x64.png"), logo_png(64)).map_err(io)?;
    Ok(dir)
}

/// The logo: an up arrow (the game ↑) in white on a dark blue rounded square, `size`×`size` RGBA.
pub fn logo_png(size: u32) -> Vec<u8> {
    let s = size as f64;
    let mut raw = Vec::with_capacity((size * (size * 4 + 1)) as usize);
    for y in 0..size {
        raw.push(0); // filter: none
        for x in 0..size {
            let (fx, fy) = ((x as f64 + 0.5) / s, (y as f64 + 0.5) / s);
            // Rounded square.
            let r = 0.18;
            let (cx, cy) = (fx.clamp(r, 1.0 - r), fy.clamp(r, 1.0 - r));
            let inside = (fx - cx).powi(2) + (fy - cy).powi(2) <= r * r;
            // Arrow: a triangle head and a shaft.
            let head = (0.18..=0.48).contains(&fy) && (fx - 0.5).abs() <= (fy - 0.18) * 0.9;
            let shaft = (0.46..=0.84).contains(&fy) && (fx - 0.5).abs() <= 0.07;
            let pixel: [u8; 4] = if !inside {
                [0, 0, 0, 0]
            } else if head || shaft {
                [255, 255, 255, 255]
            } else {
                [0x1f, 0x3a, 0x6b, 255]
            };
            raw.extend_from_slice(&pixel);
        }
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&size.to_be_bytes());
    ihdr.extend_from_slice(&size.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &zlib_stored(&raw));
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream of uncompressed ("stored") deflate blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_check_string() {
        // The standard CRC-32 check value of "123456789" (ISO-HDLC).
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn kernel_json_names_the_language_and_argv() {
        let text = kernel_json(Path::new("/opt/cgs"), &[]);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["language"], "cgs");
        assert_eq!(v["argv"], json!(["/opt/cgs", "kernel", "{connection_file}"]));
        let options = ["--max-memory".to_string(), "4G".to_string()];
        let v: serde_json::Value = serde_json::from_str(&kernel_json(Path::new("/opt/cgs"), &options)).unwrap();
        assert_eq!(v["argv"], json!(["/opt/cgs", "kernel", "--max-memory", "4G", "{connection_file}"]));
        assert_eq!(v["metadata"]["file_extension"], ".cgs");
    }

    #[test]
    fn prefix_target() {
        let dir = kernels_dir(&Target::Prefix(PathBuf::from("/venv"))).unwrap();
        assert_eq!(dir, PathBuf::from("/venv/share/jupyter/kernels"));
    }
}
