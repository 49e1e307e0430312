"""The browser part of the Pericles kit (an SVG map module and the tables it draws from)."""
