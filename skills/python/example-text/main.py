"""example.python.text: one jarvis.skill.v1 envelope on stdin, one JSON result on stdout."""
import json
import sys


def main() -> None:
    envelope = json.load(sys.stdin)
    protocol = envelope.get("protocol", "jarvis.skill.v1")
    if envelope.get("action") != "uppercase":
        result = {"success": False, "error": {"code": "UNKNOWN_ACTION", "message": f"unknown action {envelope.get('action')!r}"}}
    else:
        text = envelope["input"]["text"]
        result = {"success": True, "data": {"text": text.upper()}, "message": "Text umgewandelt.", "mutated": False}
    json.dump({"protocol": protocol, **result}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
