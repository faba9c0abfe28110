"""Tables generated from Unicode's and the reference libraries' data.

Each file names the tool in tools/ that wrote it; none is edited by hand.
"""
