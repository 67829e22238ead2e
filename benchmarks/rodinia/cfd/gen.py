"""CFD: writes tests/ (spec.json, mesh files); check() is the reference.

Mesh: the fluid cells of an nx x ny grid with a rectangular solid obstacle,
numbered in a shuffled order (common/rng.py) so neighbour accesses are
irregular as in an unstructured mesh, padded with inert elements to a
multiple of BLOCK. Faces: neighbour index, -1 (wall: the bottom edge and
the obstacle) or -2 (far field: the other edges). Files per mesh: ese
(i32), normals (f32), areas (f32). Output: the variables, compared by
max_abs 1e-3 (states are of order 1).

Spec-wide params: the kernel's constants (block, nnb, nvar, rk), the mesh's
padded element count nelr (blocks = nelr / block derived), the iteration
count, and the far field: density rho, pressure p, gamma and the velocity
(u, v) (Mach 1.2 at 3 degrees by default); its conserved variables and
flux contributions are expressions of those, set into __constant__ memory.
Each case sets its nelr and iterations. Drawn cases ("vary") take other
iteration counts and far-field velocities: the mesh is a file, so its size
cannot vary.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from plan import *  # noqa: E402,F401,F403
from rng import lcg  # noqa: E402

BLOCK, NNB, NVAR, RK, GAMMA, SMOOTHING = 128, 4, 5, 3, 1.4, 0.2
H = 0.1  # cell size
FF_NAMES = ["ff_flux_contribution_momentum_x", "ff_flux_contribution_momentum_y",
            "ff_flux_contribution_momentum_z", "ff_flux_contribution_density_energy"]
# name: (nx, ny, iterations, seed)
CASES = {"24x20": (24, 20, 2, 1), "30x16": (30, 16, 1, 2)}
HELDOUT = {"64x48": (64, 48, 4, 11), "80x40": (80, 40, 3, 12)}


def far_field_velocity(mach, degrees):
    """(u, v) of the far field at rho = p = 1."""
    speed, aoa = mach * math.sqrt(GAMMA), math.radians(degrees)
    return speed * math.cos(aoa), speed * math.sin(aoa)


FF_U, FF_V = far_field_velocity(1.2, 3.0)
# The far field's conserved variables follow from rho, p and (u, v) (gamma
# is the kernel's GAMMA); each case sets nelr and iters (defaults: 24x20's).
PARAMS = {"block": BLOCK, "nnb": NNB, "nvar": NVAR, "rk": RK, "nelr": 512,
          "blocks": "nelr / block", "iters": 2, "gamma": GAMMA, "rho": 1.0, "p": 1.0,
          "u": FF_U, "v": FF_V, "mx": "rho * u", "my": "rho * v",
          "e": "0.5 * rho * (u * u + v * v) + p / (gamma - 1)"}
# Drawn cases: iterations up to the largest held-out case's, and far fields
# from Mach 0.5 to 1.7 (the speed of sound is sqrt(1.4) at rho = p = 1),
# inflow up to 27 degrees either way. At the corners (iters 4, u 0.6 or 2.0,
# v -0.3 or 0.3) on every mesh the base kernel stays finite, density and
# pressure stay above 0.4, and check() holds.
VARY = {"iters": int_range(1, 4), "u": {"min": 0.6, "max": 2.0}, "v": {"min": -0.3, "max": 0.3}}
# The far field's fluxes per spatial direction (z momentum is 0): the
# momentum fluxes along x, y, z and the energy flux, as flux_contribution.
FF_FLUXES = [["u * mx + p", "u * my", 0], ["u * my", "v * my + p", 0], [0, 0, "p"],
             ["u * (e + p)", "v * (e + p)", 0]]


def mesh(nx, ny, seed):
    """(nelr, ese, normals, areas) as flat structure-of-arrays lists."""
    solid = lambda x, y: nx // 3 <= x < nx // 2 and ny // 3 <= y < 2 * ny // 3  # noqa: E731
    cells = [(x, y) for y in range(ny) for x in range(nx) if not solid(x, y)]
    r = lcg(seed)
    for k in range(len(cells) - 1, 0, -1):  # Fisher-Yates
        j = next(r) % (k + 1)
        cells[k], cells[j] = cells[j], cells[k]
    index = {c: i for i, c in enumerate(cells)}
    nelr = ceil_div(len(cells), BLOCK) * BLOCK
    ese, normals, areas = [-2] * (NNB * nelr), [0.0] * (3 * NNB * nelr), [1.0] * nelr
    for i, (x, y) in enumerate(cells):
        areas[i] = H * H
        for face, (dx, dy) in enumerate([(-1, 0), (1, 0), (0, -1), (0, 1)]):
            nxy = (x + dx, y + dy)
            if nxy in index:
                nb = index[nxy]
            elif y + dy < 0 or (0 <= nxy[0] < nx and 0 <= nxy[1] < ny):
                nb = -1  # the bottom edge or the obstacle
            else:
                nb = -2
            ese[i + face * nelr] = nb
            normals[i + (face + 0 * NNB) * nelr] = dx * H
            normals[i + (face + 1 * NNB) * nelr] = dy * H
    return nelr, ese, normals, areas


def flux_contribution(rho, mom, e, p):
    """Momentum fluxes along x, y, z and the energy flux, as 3-vectors."""
    v = [m / rho for m in mom]
    fx = [v[0] * mom[0] + p, v[0] * mom[1], v[0] * mom[2]]
    fy = [fx[1], v[1] * mom[1] + p, v[1] * mom[2]]
    fz = [fx[2], fy[2], v[2] * mom[2] + p]
    return fx, fy, fz, [vi * (e + p) for vi in v]


def files(name, nx, ny, _iters, seed):
    nelr, ese, normals, areas = mesh(nx, ny, seed)
    return {f"{name}.ese.i32": pack("i32", ese), f"{name}.normals.f32": pack("f32", normals),
            f"{name}.areas.f32": pack("f32", areas)}, nelr


def make_case(name, nx, ny, iters, seed):
    nelr = files(name, nx, ny, iters, seed)[1]
    grid, block = ["blocks"], ["block"]
    stage = [launch("compute_flux", grid, block, [i32("nelr"), "ese", "normals", "variables", "fluxes"]),
             launch("time_step", grid, block, [counter("j"), i32("nelr"), "old_variables", "variables",
                                               "step_factors", "fluxes"])]
    body = [copy("variables", "old_variables"),
            launch("compute_step_factor", grid, block, [i32("nelr"), "variables", "areas", "step_factors"]),
            repeat("rk", stage, "j")]
    steps = ([constant("ff_variable", "ffv")] + [constant(s, s) for s in FF_NAMES] +
             [launch("initialize_variables", grid, block, [i32("nelr"), "variables"]),
              repeat("iters", body)])
    buffers = {"ese": buf("i32", "nnb * nelr", file(f"{name}.ese.i32")),
               "normals": buf("f32", "3 * nnb * nelr", file(f"{name}.normals.f32")),
               "areas": buf("f32", "nelr", file(f"{name}.areas.f32")),
               "variables": buf("f32", "nvar * nelr"), "old_variables": buf("f32", "nvar * nelr"),
               "fluxes": buf("f32", "nvar * nelr"), "step_factors": buf("f32", "nelr"),
               "ffv": buf("f32", "nvar", values(["rho", "mx", "my", 0, "e"]))}
    buffers.update({s: buf("f32", 3, values(v)) for s, v in zip(FF_NAMES, FF_FLUXES)})
    return case(name, buffers, steps, ["variables"], ("max_abs", 1e-3),
                params={"nelr": nelr, "iters": iters})


def build():
    out = {}
    for name, params in {**CASES, **HELDOUT}.items():
        out.update(files(name, *params)[0])
    return ([make_case(k, *v) for k, v in CASES.items()],
            [make_case(k, *v) for k, v in HELDOUT.items()], out,
            {"params": PARAMS, "vary": VARY})


def state(var, i, nelr):
    rho, mom, e = var[i], [var[i + (1 + d) * nelr] for d in range(3)], var[i + 4 * nelr]
    speed_sqd = sum((m / rho) ** 2 for m in mom)
    p = (GAMMA - 1) * (e - 0.5 * rho * speed_sqd)
    return rho, mom, e, p, math.sqrt(speed_sqd), math.sqrt(GAMMA * p / rho)


def flux(var, i, nelr, ese, normals, ff):
    rho, mom, e, p, speed, sos = state(var, i, nelr)
    fc = flux_contribution(rho, mom, e, p)
    own = [rho] + mom + [e]
    out = [0.0] * NVAR  # density, momentum x/y/z, energy
    for face in range(NNB):
        nb = ese[i + face * nelr]
        nrm = [normals[i + (face + d * NNB) * nelr] for d in range(3)]
        if nb >= 0:
            nrho, nmom, ne, np_, nspeed, nsos = state(var, nb, nelr)
            other, nfc = [nrho] + nmom + [ne], flux_contribution(nrho, nmom, ne, np_)
            f = -math.sqrt(sum(c * c for c in nrm)) * SMOOTHING * 0.5 * (speed + nspeed + sos + nsos)
            out = [o + f * (a - b) for o, a, b in zip(out, own, other)]
        elif nb == -1:
            out = [out[0]] + [out[1 + d] + nrm[d] * p for d in range(3)] + [out[4]]
            continue
        else:
            other, nfc = ff
        half = [0.5 * c for c in nrm]
        dot = lambda a, b: sum(h * (x + y) for h, x, y in zip(half, a, b))  # noqa: E731
        out[0] += dot(other[1:4], mom)
        for d in range(3):
            out[1 + d] += dot(nfc[d], fc[d])
        out[4] += dot(nfc[3], fc[3])
    return out


def check(name, dump):
    nelr = files(name, *{**CASES, **HELDOUT}[name])[1]
    iters = {**CASES, **HELDOUT}[name][2]
    ese, normals, areas = dump.inp("ese", "i32"), dump.inp("normals", "f32"), dump.inp("areas", "f32")
    ffv = dump.inp("ffv", "f32")
    ff = (ffv, [dump.inp(s, "f32") for s in FF_NAMES])
    # The spec's far-field expressions against flux_contribution of its state.
    rho, mom, e = ffv[0], ffv[1:4], ffv[4]
    p = (GAMMA - 1) * (e - 0.5 * sum(m * m for m in mom) / rho)
    for s, got, want in zip(FF_NAMES, ff[1], flux_contribution(rho, mom, e, p)):
        expect_close(s, got, want, 1e-5, 1e-6)
    var = [ffv[v] for v in range(NVAR) for _ in range(nelr)]
    for _ in range(iters):
        old = list(var)
        sf = []
        for i in range(nelr):
            _, _, _, _, speed, sos = state(var, i, nelr)
            sf.append(0.5 / (math.sqrt(areas[i]) * (speed + sos)))
        for j in range(RK):
            fl = [flux(var, i, nelr, ese, normals, ff) for i in range(nelr)]
            for i in range(nelr):
                for v in range(NVAR):
                    var[i + v * nelr] = old[i + v * nelr] + sf[i] / (RK + 1 - j) * fl[i][v]
    expect_close("variables", dump.out("variables", "f32"), var, 0, 1e-3)


if __name__ == "__main__":
    main_write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"), build)
