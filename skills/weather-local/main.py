"""weather.local (spec/000): answers from a local table, never from the internet."""
import json
import sys

# Typical late-summer conditions; a real integration would replace this table.
FORECASTS = {
    "berlin": "Sonnig, 24 °C, schwacher Wind aus West.",
    "hamburg": "Wechselhaft mit Schauern, 19 °C.",
    "münchen": "Heiter bis wolkig, 26 °C, am Abend Gewitter möglich.",
    "muenchen": "Heiter bis wolkig, 26 °C, am Abend Gewitter möglich.",
    "köln": "Bewölkt, 21 °C, trocken.",
    "koeln": "Bewölkt, 21 °C, trocken.",
    "frankfurt": "Sonnig, 25 °C.",
}


def main() -> None:
    envelope = json.load(sys.stdin)
    protocol = envelope.get("protocol", "jarvis.skill.v1")
    location = envelope["input"]["location"].strip()
    summary = FORECASTS.get(location.lower())
    if summary is None:
        result = {
            "success": False,
            "error": {"code": "UNKNOWN_LOCATION", "message": f"Für {location} liegen keine lokalen Wetterdaten vor."},
        }
    else:
        result = {"success": True, "data": {"summary": f"{location}: {summary}"}, "message": "Vorhersage geladen.", "mutated": False}
    print(json.dumps({"protocol": protocol, **result}, ensure_ascii=False))


if __name__ == "__main__":
    main()
