"""The real table (实体桌, issue 31): a session of Hextech Mahjong played by four people with real tiles,
its cards, markers and records held by the console.

The console holds every deck and card, each player's cards and their states, the scores and the
§18.3 figures (:mod:`~tools.physical.state`), and runs the session as §11 does
(:mod:`~tools.physical.flow`, its set-up :mod:`~tools.physical.setup`).  It knows of the tiles only
what the table tells it: the cards in force decide what it is asked (:mod:`~tools.physical.listening`,
the buttons :mod:`~tools.physical.buttons`, a call's discarder and bans :mod:`~tools.physical.calls`);
an event runs the cards that hear it in §15's order (:mod:`~tools.physical.deliver`), the console doing
what it can and showing the players what they must do with the tiles (:mod:`~tools.physical.effects`);
a win is scored as ``hexmj score`` scores it (:mod:`~tools.physical.wins`) and checked, in
Chinese, before it is entered (:mod:`~tools.physical.hu_check`).  The session is made from
its entries (:mod:`~tools.physical.game`), so undo and restart are rebuilds; the screens are
:mod:`~tools.physical.views`, the rounds played and the results :mod:`~tools.physical.results`, the
record :mod:`~tools.physical.record`.
"""
