"""The 红中 rule set (spec 003): 112 tiles, pon and kong but no chi, eight of a suit to win, 嘴子 and
全交, 报警 and 包牌 (issue 14 item 4).

``hand`` reads a winning hand (its tiles, the eight of a suit, its readings and waits), ``scoring``
itemises a win, ``settlement`` says who pays whom, ``rules`` declares the rule set and ``plugin``
registers it in the entry-point group ``hexmj.rulesets``.  The package imports only the core.
"""
