"""The browser part of the Cyclades kit (an SVG board module and the tables it draws from)."""
