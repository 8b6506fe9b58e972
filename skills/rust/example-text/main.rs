// Example skill for the Rust runtime worker, standard library only: reads the envelope on
// stdin, upper-cases input.text, prints one result object on stdout.
use std::io::{self, Read, Write};

/// The raw (still JSON-escaped) value of input.text; escapes are kept as they are.
fn input_text(envelope: &str) -> Option<&str> {
    let input = envelope.find("\"input\":")?;
    let rest = &envelope[input..];
    let start = rest.find("\"text\":\"")? + 8;
    let bytes = rest.as_bytes();
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(&rest[start..i]),
            _ => i += 1,
        }
    }
    None
}

fn upper_keeping_escapes(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.push(c);
            if let Some(next) = chars.next() {
                out.push(next);
                if next == 'u' {
                    for _ in 0..4 {
                        if let Some(h) = chars.next() { out.push(h); }
                    }
                }
            }
        } else {
            out.extend(c.to_uppercase());
        }
    }
    out
}

fn main() {
    let mut envelope = String::new();
    io::stdin().read_to_string(&mut envelope).expect("stdin");
    let out = match input_text(&envelope) {
        Some(raw) => format!(
            "{{\"success\":true,\"data\":{{\"text\":\"{}\",\"runtime\":\"rust\"}},\"message\":\"Text in Großbuchstaben.\",\"mutated\":false}}",
            upper_keeping_escapes(raw)
        ),
        None => "{\"success\":false,\"error\":{\"code\":\"BAD_INPUT\",\"message\":\"input.text missing\"}}".to_string(),
    };
    io::stdout().write_all(out.as_bytes()).expect("stdout");
}
