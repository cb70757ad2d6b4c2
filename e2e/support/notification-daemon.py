# A desktop notification server (the freedesktop.org Notifications interface on D-Bus) for the browser tests:
# Chromium on Linux shows its notifications through it, so a test sees each one as the system does and can
# click it as a person would. Every notification shown is printed as a JSON line on stdout; a line
# "click <id>" on stdin clicks that notification (the ActionInvoked signal with the default action), which
# makes Chromium dispatch the service worker's real notificationclick event.
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = 'org.freedesktop.Notifications'


class Notifications(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, '/org/freedesktop/Notifications')
        self.last_id = 0

    @dbus.service.method(INTERFACE, out_signature='as')
    def GetCapabilities(self):
        return ['actions', 'body', 'persistence']

    @dbus.service.method(INTERFACE, out_signature='ssss')
    def GetServerInformation(self):
        return ('case-router-e2e', 'case-router', '1', '1.2')

    @dbus.service.method(INTERFACE, in_signature='susssasa{sv}i', out_signature='u')
    def Notify(self, app, replaces_id, icon, summary, body, actions, hints, timeout):
        notification_id = int(replaces_id) or self.last_id + 1
        self.last_id = max(self.last_id, notification_id)
        print(json.dumps({'event': 'shown', 'id': notification_id, 'summary': str(summary),
                          'body': str(body), 'actions': [str(action) for action in actions]}), flush=True)
        return notification_id

    @dbus.service.method(INTERFACE, in_signature='u')
    def CloseNotification(self, notification_id):
        print(json.dumps({'event': 'closed', 'id': int(notification_id)}), flush=True)

    @dbus.service.signal(INTERFACE, signature='us')
    def ActionInvoked(self, notification_id, action_key):
        pass

    @dbus.service.signal(INTERFACE, signature='uu')
    def NotificationClosed(self, notification_id, reason):
        pass


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(INTERFACE, bus)
    server = Notifications(bus)

    def on_input(source, condition):
        line = sys.stdin.readline()
        if line == '':
            loop.quit()
            return False
        words = line.split()
        if len(words) == 2 and words[0] == 'click':
            server.ActionInvoked(dbus.UInt32(int(words[1])), 'default')
        return True

    loop = GLib.MainLoop()
    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_input)
    print(json.dumps({'event': 'ready', 'name': str(name.get_name())}), flush=True)
    loop.run()


main()
