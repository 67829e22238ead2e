// mma.sync and ldmatrix in inline PTX (no header needed), checked against
// plain code: each lane builds its fragment registers from the matrices by
// the PTX ISA's fragment layouts, the mma's D against a plain product (in
// f32: the inputs' products are exact, only the order of the additions may
// differ), ldmatrix's registers against the elements they must hold. A
// mismatch traps.
#define CLOSE(Got, Want, Tol)                                                  \
  if (!(fabsf((Got) - (Want)) <= (Tol)))                                       \
    __trap();
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

__device__ unsigned h16(float x) {
  return __builtin_bit_cast(unsigned short, static_cast<_Float16>(x));
}
__device__ float fromH16(unsigned u) {
  return static_cast<float>(__builtin_bit_cast(_Float16, (unsigned short)u));
}
__device__ unsigned bf16(float x) { // round to nearest even
  unsigned u = __builtin_bit_cast(unsigned, x);
  return (u + 0x7FFF + (u >> 16 & 1)) >> 16;
}
__device__ float fromBf16(unsigned u) {
  return __builtin_bit_cast(float, u << 16);
}
__device__ float tf32(float x) {
  unsigned u;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(u) : "f"(x));
  return __builtin_bit_cast(float, u);
}

/// This lane's four elements of an m16n8 f32 accumulator D (lane group g,
/// thread t) against C's element i plus the K products Product(row, col, k)
/// of the plain product; each is also written to out (16x8 row-major).
template <class Product>
__device__ void checkD(const float *d, const float *c, float *out, unsigned g,
                       unsigned t, int K, Product P) {
  for (int i = 0; i < 4; ++i) {
    int row = g + 8 * (i >= 2), col = t * 2 + (i & 1);
    float s = c[i], m = fabsf(s);
    for (int k = 0; k < K; ++k) {
      float p = P(row, col, k);
      s += p;
      m += fabsf(p);
    }
    CLOSE(d[i], s, 1e-5f * m)
    out[row * 8 + col] = d[i];
  }
}

/// m16n8k16 with f16 (BF = 0) or bf16 (BF = 1) inputs: A 16x16 row-major
/// at in, B 16x8 (k, n) at in + 256, C 16x8 at in + 384.
template <int BF>
__device__ void m16n8k16(const float *in, float *out) {
  unsigned l = threadIdx.x % 32, g = l >> 2, t = l & 3;
  auto pack = [](float x) { return BF ? bf16(x) : h16(x); };
  auto unpack = [](unsigned u) { return BF ? fromBf16(u) : fromH16(u); };
  unsigned a[4] = {}, b[2] = {};
  float c[4], d[4];
  for (int i = 0; i < 8; ++i) {
    int row = g + 8 * ((i >> 1) & 1), col = t * 2 + (i & 1) + 8 * (i >= 4);
    a[i / 2] |= pack(in[row * 16 + col]) << 16 * (i & 1);
  }
  for (int i = 0; i < 4; ++i) {
    int row = t * 2 + (i & 1) + 8 * (i >= 2), col = g;
    b[i / 2] |= pack(in[256 + row * 8 + col]) << 16 * (i & 1);
  }
  for (int i = 0; i < 4; ++i)
    c[i] = in[384 + (g + 8 * (i >= 2)) * 8 + t * 2 + (i & 1)];
  if (BF)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  else
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  checkD(d, c, out, g, t, 16, [&](int row, int col, int k) {
    return unpack(pack(in[row * 16 + k])) * unpack(pack(in[256 + k * 8 + col]));
  });
}

extern "C" __global__ void mma_f16(const float *in, float *out) {
  m16n8k16<0>(in, out);
}
extern "C" __global__ void mma_bf16(const float *in, float *out) {
  m16n8k16<1>(in, out);
}

/// m16n8k8 with f16 inputs: A 16x8 row-major, B 8x8 (k, n), C zero.
extern "C" __global__ void mma_f16_k8(const float *in, float *out) {
  unsigned l = threadIdx.x, g = l >> 2, t = l & 3;
  unsigned a[2] = {}, b = 0;
  float d[4];
  for (int i = 0; i < 4; ++i)
    a[i / 2] |= h16(in[(g + 8 * (i >= 2)) * 8 + t * 2 + (i & 1)]) << 16 * (i & 1);
  for (int i = 0; i < 2; ++i)
    b |= h16(in[128 + (t * 2 + i) * 8 + g]) << 16 * i;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%7,%7,%7};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(b), "f"(0.0f));
  const float zero[4] = {};
  checkD(d, zero, out, g, t, 8, [&](int row, int col, int k) {
    return fromH16(h16(in[row * 8 + k])) * fromH16(h16(in[128 + k * 8 + col]));
  });
}

/// m16n8k8 with tf32 inputs: A 16x8 row-major, B 8x8 (k, n), C 16x8.
extern "C" __global__ void mma_tf32(const float *in, float *out) {
  unsigned l = threadIdx.x, g = l >> 2, t = l & 3;
  float a[4], b[2], c[4], d[4];
  for (int i = 0; i < 4; ++i)
    a[i] = tf32(in[(g + 8 * (i & 1)) * 8 + t + 4 * (i >= 2)]);
  for (int i = 0; i < 2; ++i)
    b[i] = tf32(in[128 + (t + 4 * i) * 8 + g]);
  for (int i = 0; i < 4; ++i)
    c[i] = in[192 + (g + 8 * (i >= 2)) * 8 + t * 2 + (i & 1)];
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(__builtin_bit_cast(unsigned, a[0])),
                 "r"(__builtin_bit_cast(unsigned, a[1])),
                 "r"(__builtin_bit_cast(unsigned, a[2])),
                 "r"(__builtin_bit_cast(unsigned, a[3])),
                 "r"(__builtin_bit_cast(unsigned, b[0])),
                 "r"(__builtin_bit_cast(unsigned, b[1])), "f"(c[0]),
                 "f"(c[1]), "f"(c[2]), "f"(c[3]));
  checkD(d, c, out, g, t, 8, [&](int row, int col, int k) {
    return tf32(in[row * 8 + k]) * tf32(in[128 + k * 8 + col]);
  });
}

/// ldmatrix .x4 and .x4.trans: four 8x8 matrices of b16 in shared memory,
/// lane l addressing row l % 8 of matrix l / 8.
extern "C" __global__ void ldmatrix(const float *in, float *out) {
  __shared__ __attribute__((aligned(16))) unsigned short m[4][8][8];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 256; i += 32)
    m[i / 64][i / 8 % 8][i % 8] = h16(in[i]);
  __syncwarp();
  // The row's shared-window address (what __cvta_generic_to_shared gives).
  unsigned addr = (unsigned)(unsigned long)(
      __attribute__((address_space(3))) const void *)&m[l / 8][l % 8][0];
  unsigned r[4], q[4];
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
      : "=r"(q[0]), "=r"(q[1]), "=r"(q[2]), "=r"(q[3])
      : "r"(addr));
  unsigned row = l / 4, col = l % 4 * 2;
  for (int j = 0; j < 4; ++j) {
    SAME(r[j], m[j][row][col] | unsigned(m[j][row][col + 1]) << 16)
    SAME(q[j], m[j][col][row] | unsigned(m[j][col + 1][row]) << 16)
    out[j * 32 + l] = fromH16(r[j] & 0xFFFF) + fromH16(q[j] >> 16);
  }
}
