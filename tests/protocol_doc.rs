//! `protocol.md` keeps in step with the code: it documents every command keyword and every
//! `INFO` key the parser knows.

use tengen::protocol::command::{COMMAND_KEYWORDS, INFO_KEYS};

fn protocol_doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md");
    std::fs::read_to_string(path).expect("protocol.md next to Cargo.toml")
}

#[test]
fn every_command_is_documented() {
    let doc = protocol_doc();
    for keyword in COMMAND_KEYWORDS {
        assert!(
            doc.contains(&format!("`{keyword}")) || doc.contains(&format!("/ `{keyword}`")),
            "protocol.md does not document {keyword}"
        );
    }
}

#[test]
fn every_info_key_is_documented() {
    let doc = protocol_doc();
    for key in INFO_KEYS {
        assert!(
            doc.contains(&format!("| `{key}` |")),
            "protocol.md has no row for INFO {key}"
        );
    }
}

#[test]
fn documented_examples_match_the_code() {
    let doc = protocol_doc();
    assert!(doc.contains("< FORBID 0608."));
    assert!(doc.contains(&format!(
        "name=\"Tengen\", version=\"{}\"",
        env!("CARGO_PKG_VERSION")
    )));
    assert!(doc.contains(&format!("< MESSAGE Tengen {}", env!("CARGO_PKG_VERSION"))));
}
