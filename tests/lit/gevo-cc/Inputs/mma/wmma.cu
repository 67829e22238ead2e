// nvcuda::wmma checked against plain loops: each warp of a block multiplies
// its own tiles with load_matrix_sync, fill_fragment, element-wise code over
// frag.x, mma_sync and store_matrix_sync, then every lane compares its
// share of the result with the product computed element by element (a
// mismatch traps). f16 with float and half accumulators and tf32 compile on
// gevo's header and NVIDIA's; -DWITH_NVIDIA_SHAPES adds bf16, m32n8k16
// and m8n32k16 (NVIDIA's header). -DHALF_WARP has only lanes 0-15 call
// mma_sync (a divergent mutant); -DOFFSET=N moves the A tile's pointer.
#include <mma.h>
#ifdef WITH_NVIDIA_SHAPES
#include <cuda_bf16.h>
#endif
using namespace nvcuda;
#ifndef OFFSET
#define OFFSET 0
#endif

// Close to \p Want, for a sum of \p Terms products of magnitude \p Mag.
#define CLOSE(Got, Want, Tol)                                                  \
  if (!(fabsf((Got) - (Want)) <= (Tol)))                                       \
    __trap();

template <typename T> __device__ float f(T V) { return static_cast<float>(V); }

/// S plus the K terms P(k), adding the terms' magnitudes to Mag: a plain
/// dot product and the scale of its rounding error.
template <typename Term>
__device__ float sum(float S, float &Mag, unsigned K, Term P) {
  for (unsigned k = 0; k < K; ++k) {
    float p = P(k);
    S += p;
    Mag += fabsf(p);
  }
  return S;
}

/// D = 2 * (A B + 1) for 16x16x16 half tiles: A row-major, B column-major.
extern "C" __global__ void wmma_f16(const float *in, float *out) {
  __shared__ half a[2][256], b[2][256];
  unsigned w = threadIdx.x / 32, l = threadIdx.x % 32;
  for (unsigned i = l; i < 256; i += 32) {
    a[w][i] = static_cast<half>(in[w * 512 + i]);
    b[w][i] = static_cast<half>(in[w * 512 + 256 + i]);
  }
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 1.0f);
  wmma::load_matrix_sync(fa, a[w] + OFFSET, 16);
  wmma::load_matrix_sync(fb, b[w], 16);
#ifdef HALF_WARP
  if (l < 16)
#endif
    wmma::mma_sync(fc, fa, fb, fc);
  for (int i = 0; i < fc.num_elements; ++i)
    fc.x[i] *= 2;
  float *o = out + w * 256;
  wmma::store_matrix_sync(o, fc, 16, wmma::mem_row_major);
  __syncwarp();
  for (unsigned e = l; e < 256; e += 32) {
    unsigned r = e / 16, c = e % 16;
    float m = 1, s = sum(1, m, 16, [&](unsigned k) {
      return f(a[w][r * 16 + k]) * f(b[w][c * 16 + k]);
    });
    CLOSE(o[e], 2 * s, 1e-5f * m)
  }
}

/// A half accumulator loaded column-major from memory: D = A B + C.
extern "C" __global__ void wmma_f16_acc(const float *in, float *out) {
  __shared__ half a[256], b[256], c[256], d[256];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 256; i += 32) {
    a[i] = static_cast<half>(in[i]);
    b[i] = static_cast<half>(in[256 + i]);
    c[i] = static_cast<half>(in[512 + i]);
  }
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> fc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_col_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
  __syncwarp();
  for (unsigned e = l; e < 256; e += 32) {
    unsigned r = e / 16, col = e % 16;
    float m = fabsf(f(c[col * 16 + r]));
    float s = sum(f(c[col * 16 + r]), m, 16, [&](unsigned k) {
      return f(a[k * 16 + r]) * f(b[k * 16 + col]);
    });
    CLOSE(f(d[e]), s, 1e-3f * m + 1e-3f)
    out[e] = f(d[e]);
  }
}

/// tf32: A (16x8, row-major) rounded in the fragment, B (8x16,
/// column-major) rounded in memory, C loaded row-major.
extern "C" __global__ void wmma_tf32(const float *in, float *out) {
  __shared__ float a[128], b[128], c[256];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 128; i += 32) {
    a[i] = in[i];
    b[i] = wmma::__float_to_tf32(in[128 + i]);
  }
  for (unsigned i = l; i < 256; i += 32)
    c[i] = in[256 + i];
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32,
                 wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32,
                 wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 8);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
  for (int i = 0; i < fa.num_elements; ++i)
    fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(out, fc, 16, wmma::mem_col_major);
  __syncwarp();
  for (unsigned e = l; e < 256; e += 32) {
    unsigned r = e / 16, col = e % 16;
    float m = fabsf(c[e]), s = sum(c[e], m, 8, [&](unsigned k) {
      return wmma::__float_to_tf32(a[r * 8 + k]) * b[col * 8 + k];
    });
    CLOSE(out[col * 16 + r], s, 1e-5f * m)
  }
}

#ifdef WITH_NVIDIA_SHAPES
/// bf16 16x16x16, both row-major, float accumulator from zero.
extern "C" __global__ void wmma_bf16(const float *in, float *out) {
  __shared__ __nv_bfloat16 a[256], b[256];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 256; i += 32) {
    a[i] = __float2bfloat16(in[i]);
    b[i] = __float2bfloat16(in[256 + i]);
  }
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(out, fc, 16, wmma::mem_row_major);
  __syncwarp();
  for (unsigned e = l; e < 256; e += 32) {
    unsigned r = e / 16, col = e % 16;
    float m = 0, s = sum(0, m, 16, [&](unsigned k) {
      return __bfloat162float(a[r * 16 + k]) * __bfloat162float(b[k * 16 + col]);
    });
    CLOSE(out[e], s, 1e-5f * m)
  }
}

/// The two other f16 shapes: M x N x 16 with a half accumulator.
template <int M, int N>
__device__ void shape(const float *in, float *out, half *a, half *b, half *d) {
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < M * 16; i += 32)
    a[i] = static_cast<half>(in[i]);
  for (unsigned i = l; i < 16 * N; i += 32)
    b[i] = static_cast<half>(in[512 + i]);
  __syncwarp();
  wmma::fragment<wmma::matrix_a, M, N, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, M, N, 16, half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, M, N, 16, half> fc;
  wmma::fill_fragment(fc, static_cast<half>(0.5f));
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, N);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, N, wmma::mem_row_major);
  __syncwarp();
  for (unsigned e = l; e < M * N; e += 32) {
    unsigned r = e / N, col = e % N;
    float m = 0.5f, s = sum(0.5f, m, 16, [&](unsigned k) {
      return f(a[r * 16 + k]) * f(b[k * N + col]);
    });
    CLOSE(f(d[e]), s, 1e-3f * m)
    out[e] = f(d[e]);
  }
}

extern "C" __global__ void wmma_shapes(const float *in, float *out) {
  __shared__ half a[512], b[512], d[256];
  shape<32, 8>(in, out, a, b, d);
  __syncwarp();
  shape<8, 32>(in, out + 256, a, b, d);
}
#endif
