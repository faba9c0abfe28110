"""Tables generated from the calculator's data files.

Each names the tool in tools/ that wrote it; none is edited by hand.
"""
