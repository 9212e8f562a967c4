//! The Jupyter wire format (messaging protocol 5.3): identities, `<IDS|MSG>`, the HMAC-SHA256 signature, then
//! header, parent header, metadata and content as JSON frames.

use bytes::Bytes;
use hmac::{Hmac, Mac};
use serde_json::{json, Value as Json};
use sha2::Sha256;

const DELIMITER: &[u8] = b"<IDS|MSG>";

/// A decoded message.
#[derive(Clone, Debug)]
pub struct Message {
    /// The ROUTER identities in front of the delimiter.
    pub identities: Vec<Bytes>,
    /// The header.
    pub header: Json,
    /// The parent header.
    pub parent: Json,
    /// The metadata.
    pub metadata: Json,
    /// The content.
    pub content: Json,
}

impl Message {
    /// The `msg_type` of the header.
    pub fn msg_type(&self) -> &str {
        self.header.get("msg_type").and_then(Json::as_str).unwrap_or("")
    }
}

/// Signs and checks messages with the connection file's key (an empty key means no signing).
#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
    /// This kernel's session id, in every header it sends.
    pub session: String,
}

impl Signer {
    /// A signer with a fresh session id.
    pub fn new(key: &str) -> Signer {
        Signer { key: key.as_bytes().to_vec(), session: uuid::Uuid::new_v4().to_string() }
    }

    fn sign(&self, parts: &[&[u8]]) -> String {
        if self.key.is_empty() {
            return String::new();
        }
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        for p in parts {
            mac.update(p);
        }
        hex::encode(mac.finalize().into_bytes())
    }

    /// Whether `signature` (hex, either case) is the HMAC of `parts`: the digest is decoded and compared in
    /// constant time (`verify_slice`), so the time taken says nothing about how much of it was right.
    fn verify(&self, parts: &[&[u8]], signature: &[u8]) -> bool {
        let Ok(digest) = hex::decode(signature) else { return false };
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.key) else { return false };
        for p in parts {
            mac.update(p);
        }
        mac.verify_slice(&digest).is_ok()
    }

    /// Decodes frames; `None` for a malformed message or a bad signature (such messages are dropped).
    pub fn decode(&self, frames: Vec<Bytes>) -> Option<Message> {
        let at = frames.iter().position(|f| f.as_ref() == DELIMITER)?;
        let rest = &frames[at + 1..];
        if rest.len() < 5 {
            return None;
        }
        let parts: Vec<&[u8]> = rest[1..5].iter().map(|b| b.as_ref()).collect();
        if !self.key.is_empty() && !self.verify(&parts, &rest[0]) {
            return None;
        }
        let parse = |b: &[u8]| serde_json::from_slice::<Json>(b).ok();
        Some(Message {
            identities: frames[..at].to_vec(),
            header: parse(parts[0])?,
            parent: parse(parts[1])?,
            metadata: parse(parts[2])?,
            content: parse(parts[3])?,
        })
    }

    /// Encodes a new message of type `msg_type` answering `parent` (whose header becomes the parent header).
    pub fn encode(&self, identities: &[Bytes], msg_type: &str, parent: &Json, content: &Json) -> Vec<Bytes> {
        let header = json!({
            "msg_id": uuid::Uuid::new_v4().to_string(),
            "session": self.session,
            "username": "cgs",
            "date": now_iso8601(),
            "msg_type": msg_type,
            "version": "5.3",
        });
        let h = header.to_string();
        let p = parent.to_string();
        let m = "{}".to_string();
        let c = content.to_string();
        let signature = self.sign(&[h.as_bytes(), p.as_bytes(), m.as_bytes(), c.as_bytes()]);
        let mut frames: Vec<Bytes> = identities.to_vec();
        frames.push(Bytes::from_static(DELIMITER));
        for s in [signature, h, p, m, c] {
            frames.push(Bytes::from(s));
        }
        frames
    }
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
pub fn now_iso8601() -> String {
    let d = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_micros()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_checks_the_signature() {
        let s = Signer::new("secret");
        let frames = s.encode(&[Bytes::from_static(b"id")], "status", &json!({}), &json!({"execution_state": "idle"}));
        let m = s.decode(frames.clone()).expect("a message we signed decodes");
        assert_eq!(m.msg_type(), "status");
        assert_eq!(m.identities, vec![Bytes::from_static(b"id")]);
        let mut bad = frames;
        bad[6] = Bytes::from_static(b"{\"execution_state\":\"busy\"}");
        assert!(s.decode(bad).is_none(), "a tampered content frame fails the HMAC check");
    }

    #[test]
    fn upper_case_digests_pass_and_near_misses_fail() {
        let s = Signer::new("secret");
        let mut frames = s.encode(&[], "status", &json!({}), &json!({}));
        let lower = String::from_utf8(frames[1].to_vec()).unwrap();
        frames[1] = Bytes::from(lower.to_uppercase());
        assert!(s.decode(frames.clone()).is_some(), "an upper-case hex digest is the same digest");
        // The digest's first 31 bytes (a prefix a byte-by-byte comparison would accept so far), an odd
        // length, a non-hex character and a digest with one byte changed are all refused.
        for bad in [&lower[..62], &lower[..63], &format!("{}zz", &lower[..62])] {
            frames[1] = Bytes::from(bad.to_string());
            assert!(s.decode(frames.clone()).is_none(), "{bad}");
        }
        let mut flipped = lower.into_bytes();
        flipped[0] = if flipped[0] == b'0' { b'1' } else { b'0' };
        frames[1] = Bytes::from(flipped);
        assert!(s.decode(frames).is_none());
    }

    #[test]
    fn known_hmac() {
        // Independent check: python3 -c "import hmac,hashlib;print(hmac.new(b'key',b'abc',hashlib.sha256).hexdigest())"
        let s = Signer::new("key");
        assert_eq!(s.sign(&[b"a", b"bc"]), "9c196e32dc0175f86f4b1cb89289d6619de6bee699e4c378e68309ed97a1a6ab");
    }

    #[test]
    fn date_shape() {
        let d = now_iso8601();
        assert_eq!(d.len(), 27);
        assert!(d.starts_with("20") && d.ends_with('Z'));
    }
}
