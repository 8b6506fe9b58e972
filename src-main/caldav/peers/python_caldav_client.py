"""A family member's computer using the python caldav library (Debian python3-caldav) as
a client of JARVIS's CalDAV server. Runs one scenario and prints one JSON object of what
it saw; the integration test checks it and JARVIS's own state.

Usage: python_caldav_client.py URL USER PASSWORD CAFILE
"""
import json
import sys
from datetime import datetime

from dateutil import tz

import caldav
import requests

# vobject knows dateutil's UTC, not the standard library's.
UTC = tz.tzutc()

url, user, password, cafile = sys.argv[1:5]
client = caldav.DAVClient(url=url, username=user, password=password, ssl_verify_cert=cafile)
out = {}

principal = client.principal()
calendars = principal.calendars()
out["calendars"] = sorted(c.get_display_name() for c in calendars)
family = next(c for c in calendars if str(c.url).rstrip("/").endswith("/familie"))
out["components"] = family.get_supported_components()

SERIES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//python-caldav test//EN
BEGIN:VEVENT
UID:py-series-1
DTSTAMP:20270101T000000Z
DTSTART;TZID=Europe/Berlin:20270104T170000
DTEND;TZID=Europe/Berlin:20270104T180000
RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10
SUMMARY:Chor
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:Chor
TRIGGER:-PT15M
END:VALARM
END:VEVENT
END:VCALENDAR
"""
token0 = family.objects_by_sync_token().sync_token
event = family.save_event(SERIES)
out["created_url"] = str(event.url)

# Edit one occurrence: the client adds a RECURRENCE-ID component to the object.
event.load()
vcal = event.vobject_instance
override = vcal.add("vevent")
override.add("uid").value = "py-series-1"
override.add("dtstamp").value = datetime(2027, 1, 1, tzinfo=UTC)
rid = override.add("recurrence-id")
rid.value = datetime(2027, 1, 11, 16, 0, tzinfo=UTC)
override.add("dtstart").value = datetime(2027, 1, 11, 18, 0, tzinfo=UTC)
override.add("dtend").value = datetime(2027, 1, 11, 19, 0, tzinfo=UTC)
override.add("summary").value = "Chor (verlegt)"
event.data = vcal.serialize()
event.save()

found = family.date_search(
    start=datetime(2027, 1, 10, tzinfo=UTC), end=datetime(2027, 1, 12, tzinfo=UTC), expand=False
)
out["in_range"] = [str(e.url) for e in found]
again = family.event_by_uid("py-series-1")
again.load()
out["data_after_edit"] = again.data

# Conflict: a PUT with a stale ETag is refused with 412 and changes nothing.
stale = requests.put(
    str(again.url),
    data=SERIES.replace("SUMMARY:Chor", "SUMMARY:Veraltet"),
    headers={"If-Match": '"stale"', "Content-Type": "text/calendar"},
    auth=(user, password),
    verify=cafile,
)
out["stale_status"] = stale.status_code

sync = family.objects_by_sync_token(sync_token=token0)
out["changed_since_start"] = [str(o.url) for o in sync]

# One-off event, then deleted.
one = family.save_event(
    """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//python-caldav test//EN
BEGIN:VEVENT
UID:py-once
DTSTAMP:20270101T000000Z
DTSTART:20270201T100000Z
DTEND:20270201T110000Z
SUMMARY:Einmalig
END:VEVENT
END:VCALENDAR
"""
)
token1 = family.objects_by_sync_token(sync_token=sync.sync_token).sync_token
one.delete()
gone = family.objects_by_sync_token(sync_token=token1, load_objects=False)
out["after_delete"] = [str(o.url) for o in gone]
print(json.dumps(out))
