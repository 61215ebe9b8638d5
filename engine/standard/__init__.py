"""The standard 144-tile rules (seed 002): the 81-fan table, the win forms and the fan counting,
declared as the ``standard`` rule set (issue 14 item 3)."""
