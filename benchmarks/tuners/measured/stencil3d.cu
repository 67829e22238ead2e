// A 7-point 3D stencil (one Jacobi step of the heat equation, zero outside
// the grid), written for gevo's tuner benchmarks (measure.py measures its
// tunable space on a GPU).
//
// Each block covers BX x (BY*TY) points of a y-z plane's rows and TZ
// planes, marching up z. Every config computes each point with the same
// expression, so correct configs agree to rounding.
//
// Tunable macros:
//   BX, BY  threads per block over x and y
//   TY      points per thread over y (a block apart)
//   TZ      planes each block marches through
//   ZREG    1: keep the planes below, at and above in registers while
//           marching; 0: load all three from memory at every plane
//   UNROLL  the z loop's unroll factor; 0: the compiler's choice
#ifndef UNROLL
#define UNROLL 0
#endif
// A pragma's argument is not macro-expanded; _Pragma's string is built
// after expansion.
#define GEVO_PRAGMA(Text) _Pragma(#Text)
#define GEVO_UNROLL(N) GEVO_PRAGMA(unroll N)

extern "C" __global__ void __launch_bounds__(BX * BY)
    stencil3d(const float *__restrict__ in, float *__restrict__ out, int nx, int ny, int nz) {
  const int X = blockIdx.x * BX + threadIdx.x;
  const int Z0 = blockIdx.z * TZ;
  if (X >= nx || Z0 >= nz)
    return;
  const size_t Plane = (size_t)nx * ny;
#pragma unroll
  for (int T = 0; T < TY; ++T) {
    const int Y = blockIdx.y * BY * TY + T * BY + threadIdx.y;
    if (Y >= ny)
      break;
    const size_t Base = (size_t)Y * nx + X;
#if ZREG
    float Below = Z0 > 0 ? in[(Z0 - 1) * Plane + Base] : 0.0f;
    float Mid = in[Z0 * Plane + Base];
#endif
#if UNROLL > 0
  GEVO_UNROLL(UNROLL)
#endif
    for (int Z = Z0; Z < Z0 + TZ; ++Z) {
      if (Z >= nz)
        break;
      const size_t I = Z * Plane + Base;
      const float Above = Z + 1 < nz ? in[I + Plane] : 0.0f;
#if ZREG
      const float Centre = Mid, Under = Below;
      Below = Mid;
      Mid = Above;
#else
      const float Centre = in[I], Under = Z > 0 ? in[I - Plane] : 0.0f;
#endif
      const float West = X > 0 ? in[I - 1] : 0.0f, East = X + 1 < nx ? in[I + 1] : 0.0f;
      const float South = Y > 0 ? in[I - nx] : 0.0f, North = Y + 1 < ny ? in[I + nx] : 0.0f;
      out[I] = 0.4f * Centre + 0.1f * (((West + East) + (South + North)) + (Under + Above));
    }
  }
}
