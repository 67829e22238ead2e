// Parametric direct 2D convolution for the tile-config tuners:
//   Z[b][f][y][x] = sum over c, r, s of
//                   I[b][c][y*S - P + r][x*S - P + s] * W[f][c][r][s]
// (NCHW input, zero padding P, stride S). The sizes OP_BATCH, OP_HIN,
// OP_WIN, OP_STRIDE, OP_PAD and every tile factor are -D defines (gevo-tune's
// live objective passes a config's factorizations); the other sizes follow:
//   Cout = OP_F1*..*OP_F4, Hout = OP_Y1*..*OP_Y4, Wout = OP_X1*..*OP_X4,
//   Cin = OP_C1*OP_C2, Hk = OP_R1*OP_R2, Wk = OP_S1*OP_S2.
// The loop structure is TVM's conv2d_direct schedule (OpEvo appendix B.3):
//   Cout, Hout, Wout: blocks (1; the batch is fused into blockIdx.z with
//     Cout's), virtual threads (2), threads (3), inner (4). A block is
//     OP_X3 x OP_Y3 x OP_F3 threads; each thread computes OP_F2 x OP_Y2 x
//     OP_X2 basic tiles of OP_F4 x OP_Y4 x OP_X4 outputs.
//   Cin, Hk, Wk: stages (1) and the part of each staged in shared memory (2):
//     per stage the block stages OP_C2 x OP_R2 x OP_S2 weights of its output
//     channels and the input patch they touch, then each thread accumulates.
//   OP_UNROLL: how the staged reduction loops (c, r, s) are unrolled,
//     from TVM's auto_unroll_max_step and unroll_explicit: 0 not at all,
//     1 as the compiler decides, 2 fully (#pragma unroll).
// Inputs are small integers, so every config's output is exact.

#ifndef OP_F1
#define OP_F1 1
#define OP_F2 2
#define OP_F3 2
#define OP_F4 2
#define OP_Y1 2
#define OP_Y2 1
#define OP_Y3 4
#define OP_Y4 1
#define OP_X1 2
#define OP_X2 1
#define OP_X3 2
#define OP_X4 2
#define OP_C1 2
#define OP_C2 2
#define OP_R1 3
#define OP_R2 1
#define OP_S1 1
#define OP_S2 3
#endif
#ifndef OP_BATCH
#define OP_BATCH 1
#define OP_HIN 8
#define OP_WIN 8
#define OP_STRIDE 1
#define OP_PAD 1
#endif
#ifndef OP_UNROLL
#define OP_UNROLL 1
#endif

#define BF (OP_F2 * OP_F3 * OP_F4)
#define BY (OP_Y2 * OP_Y3 * OP_Y4)
#define BX (OP_X2 * OP_X3 * OP_X4)
#define TF (OP_F2 * OP_F4)
#define TY (OP_Y2 * OP_Y4)
#define TX (OP_X2 * OP_X4)
#define COUT (OP_F1 * BF)
#define HOUT (OP_Y1 * BY)
#define WOUT (OP_X1 * BX)
#define CIN (OP_C1 * OP_C2)
#define HK (OP_R1 * OP_R2)
#define WK (OP_S1 * OP_S2)
#define PH ((BY - 1) * OP_STRIDE + OP_R2)
#define PW ((BX - 1) * OP_STRIDE + OP_S2)
#define THREADS (OP_F3 * OP_Y3 * OP_X3)

#if OP_UNROLL == 0
#define REDUCTION_LOOP _Pragma("unroll 1")
#elif OP_UNROLL == 2
#define REDUCTION_LOOP _Pragma("unroll")
#else
#define REDUCTION_LOOP
#endif

// Output channel / row / column (within the block's tile) of a thread's
// basic tile V, element I.
#define TILE_F(V, I) ((V) * OP_F3 * OP_F4 + threadIdx.z * OP_F4 + (I))
#define TILE_Y(V, I) ((V) * OP_Y3 * OP_Y4 + threadIdx.y * OP_Y4 + (I))
#define TILE_X(V, I) ((V) * OP_X3 * OP_X4 + threadIdx.x * OP_X4 + (I))

// Stages the weights of the block's channels f0.. for input channels c0..,
// kernel rows r0.., columns s0.. into ws[c][r][s][f], and the input patch
// they touch (zero outside the image) into is[c][y][x].
__device__ void stage(const float *__restrict__ in, const float *__restrict__ w,
                      int b, int f0, int y0, int x0, int c0, int r0, int s0,
                      float (*ws)[OP_R2][OP_S2][BF], float (*is)[PH][PW]) {
  const int tid = (threadIdx.z * OP_Y3 + threadIdx.y) * OP_X3 + threadIdx.x;
  for (int i = tid; i < BF * OP_C2 * OP_R2 * OP_S2; i += THREADS) {
    int f = i / (OP_C2 * OP_R2 * OP_S2), c = i / (OP_R2 * OP_S2) % OP_C2;
    int r = i / OP_S2 % OP_R2, s = i % OP_S2;
    ws[c][r][s][f] = w[(((f0 + f) * CIN + c0 + c) * HK + r0 + r) * WK + s0 + s];
  }
  for (int i = tid; i < OP_C2 * PH * PW; i += THREADS) {
    int c = i / (PH * PW), py = i / PW % PH, px = i % PW;
    int iy = y0 * OP_STRIDE - OP_PAD + r0 + py;
    int ix = x0 * OP_STRIDE - OP_PAD + s0 + px;
    bool inside = iy >= 0 && iy < OP_HIN && ix >= 0 && ix < OP_WIN;
    is[c][py][px] =
        inside ? in[((b * CIN + c0 + c) * OP_HIN + iy) * OP_WIN + ix] : 0.0f;
  }
}

__global__ void __launch_bounds__(THREADS)
    conv2d(const float *__restrict__ in, const float *__restrict__ w,
           float *__restrict__ out) {
  __shared__ float ws[OP_C2][OP_R2][OP_S2][BF];
  __shared__ float is[OP_C2][PH][PW];
  const int b = blockIdx.z / OP_F1, f0 = blockIdx.z % OP_F1 * BF;
  const int y0 = blockIdx.y * BY, x0 = blockIdx.x * BX;
  float acc[TF][TY][TX];
  for (int f = 0; f < TF; ++f)
    for (int y = 0; y < TY; ++y)
      for (int x = 0; x < TX; ++x)
        acc[f][y][x] = 0.0f;
  for (int co = 0; co < OP_C1; ++co)
    for (int ro = 0; ro < OP_R1; ++ro)
      for (int so = 0; so < OP_S1; ++so) {
        stage(in, w, b, f0, y0, x0, co * OP_C2, ro * OP_R2, so * OP_S2, ws, is);
        __syncthreads();
        REDUCTION_LOOP
        for (int c = 0; c < OP_C2; ++c)
          REDUCTION_LOOP
          for (int r = 0; r < OP_R2; ++r)
            REDUCTION_LOOP
            for (int s = 0; s < OP_S2; ++s) {
              float rw[TF], ri[TY][TX];
              for (int v = 0; v < OP_F2; ++v)
                for (int i = 0; i < OP_F4; ++i)
                  rw[v * OP_F4 + i] = ws[c][r][s][TILE_F(v, i)];
              for (int vy = 0; vy < OP_Y2; ++vy)
                for (int j = 0; j < OP_Y4; ++j)
                  for (int vx = 0; vx < OP_X2; ++vx)
                    for (int k = 0; k < OP_X4; ++k)
                      ri[vy * OP_Y4 + j][vx * OP_X4 + k] =
                          is[c][TILE_Y(vy, j) * OP_STRIDE + r]
                            [TILE_X(vx, k) * OP_STRIDE + s];
              for (int f = 0; f < TF; ++f)
                for (int y = 0; y < TY; ++y)
                  for (int x = 0; x < TX; ++x)
                    acc[f][y][x] += rw[f] * ri[y][x];
            }
        __syncthreads();
      }
  for (int vf = 0; vf < OP_F2; ++vf)
    for (int i = 0; i < OP_F4; ++i)
      for (int vy = 0; vy < OP_Y2; ++vy)
        for (int j = 0; j < OP_Y4; ++j)
          for (int vx = 0; vx < OP_X2; ++vx)
            for (int k = 0; k < OP_X4; ++k)
              out[((b * COUT + f0 + TILE_F(vf, i)) * HOUT + y0 + TILE_Y(vy, j)) *
                      WOUT +
                  x0 + TILE_X(vx, k)] = acc[vf * OP_F4 + i][vy * OP_Y4 + j]
                                           [vx * OP_X4 + k];
}
