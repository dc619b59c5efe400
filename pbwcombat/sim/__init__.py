"""Simulation: playing an encounter many times with the rules engine (R-SIM)."""
