"""Games as data: each game's description (game.json), its formats, its card data, and the generic rule kinds."""
