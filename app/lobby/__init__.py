"""The LAN lobby (issue 7): host or join a network game and play it on the usual table."""
