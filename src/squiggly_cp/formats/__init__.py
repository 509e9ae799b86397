"""Puzzle file formats: readers and writers."""
