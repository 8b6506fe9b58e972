"""Example skill for the Python runtime worker: one JSON envelope on stdin, one result on stdout."""
import json
import sys

envelope = json.load(sys.stdin)
text = envelope["input"]["text"]
print(f"uppercase for trace {envelope['context']['trace_id']}", file=sys.stderr)
json.dump({
    "protocol": envelope["protocol"],
    "success": True,
    "data": {"text": text.upper(), "runtime": "python"},
    "message": "Text in Großbuchstaben.",
    "mutated": False,
}, sys.stdout, ensure_ascii=False)
