"""Bots: players that answer decisions by themselves."""
