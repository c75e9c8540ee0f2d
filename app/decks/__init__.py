"""The deck builder window (app.decks.window.DeckBuilderWindow); the deck logic is engine.decks."""
