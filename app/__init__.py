"""manatable's PySide6 desktop client."""
