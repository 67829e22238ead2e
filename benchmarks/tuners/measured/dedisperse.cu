// Brute-force incoherent dedispersion, written for gevo's tuner benchmarks
// (measure.py measures its tunable space on a GPU).
//
// out[dm][s] = sum over channels c of in[c][s + shifts[dm][c]]: each of ndm
// trial dispersion measures sums the channels' samples along its delay
// curve. Every config sums the channels in the same order, so every
// correct config gives the same bits.
//
// Tunable macros:
//   BX, BY  threads per block over samples (x) and DMs (y)
//   TX, TY  outputs per thread over samples and DMs
//   SX, SY  1: a thread's outputs are a block apart (coalesced);
//           0: they are consecutive
//   UNROLL  the channel loop's unroll factor; 0: the compiler's choice
#ifndef UNROLL
#define UNROLL 0
#endif
// A pragma's argument is not macro-expanded; _Pragma's string is built
// after expansion.
#define GEVO_PRAGMA(Text) _Pragma(#Text)
#define GEVO_UNROLL(N) GEVO_PRAGMA(unroll N)

extern "C" __global__ void __launch_bounds__(BX * BY)
    dedisperse(const float *__restrict__ in, const int *__restrict__ shifts,
               float *__restrict__ out, int nsampIn, int nsamp, int nchan, int ndm) {
  const int S0 = blockIdx.x * BX * TX + (SX ? threadIdx.x : threadIdx.x * TX);
  const int D0 = blockIdx.y * BY * TY + (SY ? threadIdx.y : threadIdx.y * TY);
  float Acc[TY][TX];
#pragma unroll
  for (int Y = 0; Y < TY; ++Y)
#pragma unroll
    for (int X = 0; X < TX; ++X)
      Acc[Y][X] = 0.0f;
#if UNROLL > 0
  GEVO_UNROLL(UNROLL)
#endif
  for (int C = 0; C < nchan; ++C) {
    const float *Row = in + (size_t)C * nsampIn;
#pragma unroll
    for (int Y = 0; Y < TY; ++Y) {
      const int Dm = D0 + Y * (SY ? BY : 1);
      const int Shift = Dm < ndm ? shifts[Dm * nchan + C] : 0;
#pragma unroll
      for (int X = 0; X < TX; ++X) {
        const int S = S0 + X * (SX ? BX : 1);
        if (S < nsamp)
          Acc[Y][X] += Row[S + Shift];
      }
    }
  }
#pragma unroll
  for (int Y = 0; Y < TY; ++Y) {
    const int Dm = D0 + Y * (SY ? BY : 1);
#pragma unroll
    for (int X = 0; X < TX; ++X) {
      const int S = S0 + X * (SX ? BX : 1);
      if (Dm < ndm && S < nsamp)
        out[(size_t)Dm * nsamp + S] = Acc[Y][X];
    }
  }
}
