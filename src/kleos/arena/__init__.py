"""The simulation arena: tournaments between agents, ratings, balance statistics and plots."""
