"""Entry script of the frozen build (PyInstaller): the same as the `manatable` command."""
import sys

from app.main import main

if __name__ == "__main__":
    sys.exit(main())
