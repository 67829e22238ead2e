#!/usr/bin/env python3
"""Generates rand_tables.h, the skip-ahead table of gevo's XORWOW, and checks
the MRG32k3a tables that rand_mrg32k3a.h has the compiler compute.

    python3 rand_tables.py > rand_tables.h
    python3 rand_tables.py --check-ir kernel.ll

XORWOW (Marsaglia 2003) is linear over GF(2) on its 160 state bits: one step
is a 160x160 bit matrix T. Instead of tables of powers of T (3.2 KB each),
the header jumps with polynomials: with p the minimal polynomial of T (degree
160, found here by Berlekamp-Massey from one output bit of the generator),
T^N = r(T) for r(x) = x^N mod p(x), and r(T) s is a sum of the states s, Ts,
..., T^159 s, which 160 steps of the generator give. The table holds
x^(2^k) mod p for k = 0..63 (offsets) and k = 67..130 (subsequences of 2^67
numbers): 20 bytes each.

MRG32k3a (L'Ecuyer 1999) is linear modulo m1 and m2 on its two 3-word
components: its tables are A^(2^k), A^(2^(76+k)) and A^(2^(127+k)) for
k = 0..63 (offsets, subsequences of 2^76 and sequences of 2^127 numbers).
--check-ir reads them from the LLVM IR of a kernel that uses all three
skips (the globals __gevo_mrg_m1, _m1SubSeq, ... _m2Seq) and compares them
with the ones computed here; a mismatch is one line and exit status 1.

The script checks both kinds of jump against stepping the generators.
"""
import random
import sys

MASK32 = 0xFFFFFFFF


# ---- XORWOW ---------------------------------------------------------------
def xorwow_step(v):
    t = v[0] ^ (v[0] >> 2)
    v4 = (v[4] ^ ((v[4] << 4) & MASK32)) ^ (t ^ ((t << 1) & MASK32))
    return v[1:] + [v4]


def berlekamp_massey(bits):
    """The minimal polynomial of a GF(2) sequence, as an int (bit i = x^i)."""
    c, b = 1, 1
    length, m = 0, 1
    for n, bit in enumerate(bits):
        d = bit
        for i in range(1, length + 1):
            d ^= ((c >> i) & 1) & bits[n - i]
        if d == 0:
            m += 1
        elif 2 * length <= n:
            c, b, length, m = c ^ (b << m), c, n + 1 - length, 1
        else:
            c ^= b << m
            m += 1
    # c is the connection polynomial C(x) = 1 + c1 x + ... ; the
    # characteristic polynomial is its reciprocal x^L C(1/x).
    return sum(((c >> i) & 1) << (length - i) for i in range(length + 1))


def polymulmod(a, b, p, deg):
    r = 0
    for i in range(deg - 1, -1, -1):
        r <<= 1
        if (r >> deg) & 1:
            r ^= p
        if (a >> i) & 1:
            r ^= b
    return r


def xorwow_poly():
    rng = random.Random(1)
    v = [rng.getrandbits(32) for _ in range(5)]
    bits = []
    for _ in range(400):
        v = xorwow_step(v)
        bits.append(v[4] & 1)
    p = berlekamp_massey(bits)
    assert p.bit_length() == 161, "XORWOW's polynomial should have degree 160"
    return p


def xorwow_jump(v, r):
    acc = [0] * 5
    for i in range(160):
        if (r >> i) & 1:
            acc = [a ^ w for a, w in zip(acc, v)]
        v = xorwow_step(v)
    return acc


def xorwow_table(p):
    powers = [2]  # x^(2^0) = x
    for _ in range(130):
        powers.append(polymulmod(powers[-1], powers[-1], p, 160))
    rng = random.Random(2)
    v = [rng.getrandbits(32) for _ in range(5)]
    w = list(v)
    for _ in range(1000):
        w = xorwow_step(w)
    r = polymulmod(polymulmod(powers[9], powers[8], p, 160),
                   polymulmod(powers[7], powers[6], p, 160), p, 160)
    r = polymulmod(r, polymulmod(powers[5], powers[3], p, 160), p, 160)
    assert xorwow_jump(v, r) == w, "the jump polynomial of 1000 steps is wrong"
    return powers[0:64] + powers[67:131]


# ---- MRG32k3a -------------------------------------------------------------
M1, M2 = 4294967087, 4294944443
A1 = [[0, 1, 0], [0, 0, 1], [M1 - 810728, 1403580, 0]]
A2 = [[0, 1, 0], [0, 0, 1], [M2 - 1370589, 0, 527612]]


def matmul(a, b, m):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) % m for j in range(3)]
            for i in range(3)]


def matvec(a, v, m):
    return [sum(a[i][k] * v[k] for k in range(3)) % m for i in range(3)]


def mrg_squares(a, m, count):
    out = [a]
    for _ in range(count - 1):
        out.append(matmul(out[-1], out[-1], m))
    return out


def mrg_tables(a, m):
    squares = mrg_squares(a, m, 191)
    v = [12345, 67890, 13579]
    w = list(v)
    for _ in range(1000):
        w = matvec(a, w, m)
    u = list(v)
    for k in (3, 5, 6, 7, 8, 9):
        u = matvec(squares[k], u, m)
    assert u == w, "the MRG32k3a jump of 1000 steps is wrong"
    return squares[0:64], squares[76:140], squares[127:191]


# ---- output ---------------------------------------------------------------
def words(x, n):
    return ", ".join("0x%08xu" % ((x >> (32 * i)) & MASK32) for i in range(n))


def check_ir(path):
    """Compares the MRG32k3a tables in the LLVM IR at path with ours."""
    import re
    with open(path) as f:
        ir = f.read()
    for name, a, m in (("1", A1, M1), ("2", A2, M2)):
        for kind, table in zip(("", "SubSeq", "Seq"), mrg_tables(a, m)):
            glob = "__gevo_mrg_m%s%s" % (name, kind)
            found = re.search(r"@_ZL%d%s = [^\n]*" % (len(glob), glob), ir)
            if not found:
                sys.exit("rand_tables.py: %s: no global %s" % (path, glob))
            got = [int(x) for x in re.findall(r"i32 (-?\d+)", found.group(0))]
            want = [x for mat in table for row in mat for x in row]
            if [x & MASK32 for x in got] != want:
                sys.exit("rand_tables.py: %s: %s differs" % (path, glob))
    print("rand_tables.py: the six MRG32k3a tables match")


def main():
    if sys.argv[1:2] == ["--check-ir"] and len(sys.argv) == 3:
        return check_ir(sys.argv[2])
    if sys.argv[1:]:
        sys.exit("usage: rand_tables.py [--check-ir KERNEL.ll]")
    p = xorwow_poly()
    print("// Generated by rand_tables.py in this directory; do not edit.")
    print("// The skip-ahead table of gevo's XORWOW (see the script).")
    print("#ifndef GEVO_CUDA_RAND_TABLES_H\n#define GEVO_CUDA_RAND_TABLES_H\n")
    print("// XORWOW's minimal polynomial, x^160 left out (bit i = x^i).")
    print("static __device__ const unsigned int __gevo_xorwow_poly[5] = {%s};"
          % words(p, 5))
    print("// x^(2^k) mod p: k = 0..63, then k = 67..130.")
    print("static __device__ const unsigned int __gevo_xorwow_powers[128][5] = {")
    rows = ["{%s}" % words(r, 5) for r in xorwow_table(p)]
    for i in range(0, len(rows), 2):
        print("    %s," % ", ".join(rows[i:i + 2]))
    print("};")
    print("\n#endif // GEVO_CUDA_RAND_TABLES_H")


if __name__ == "__main__":
    main()
