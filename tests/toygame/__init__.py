"""Sealed Bids: a tiny game that exists only to prove the platform's generic layers.

Registered only in the tests (``KLEOS_GAME_KITS=toygame.kit:KIT`` or :func:`kleos.core.registry.register`).
It has what the real games will bring: 2–5 seats (3 by default), hidden hands dealt by chance, a
public chance event, and a simultaneous secret choice.
"""
