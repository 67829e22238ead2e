// Texture and surface objects (spec arguments {"texture": ...} and
// {"surface": ...}), each fetch checked against plain code that samples
// the same buffer as CUDA's programming guide documents it: a mismatch
// traps. Compiles on gevo's header and on NVIDIA's.
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();
#define NEAR(A, B, Tol)                                                        \
  if (!(fabsf((A) - (B)) <= (Tol)))                                            \
    __trap();

enum { Wrap, Clamp, Mirror, Border };

/// Texel index I of an axis of N texels in address mode Addr; -1: border.
__device__ int addressed(int I, int N, int Addr) {
  if (Addr == Wrap)
    return ((I % N) + N) % N;
  if (Addr == Mirror) {
    int J = ((I % (2 * N)) + 2 * N) % (2 * N);
    return J < N ? J : 2 * N - 1 - J;
  }
  if (Addr == Border)
    return I < 0 || I >= N ? -1 : I;
  return I < 0 ? 0 : I >= N ? N - 1 : I;
}

__device__ float texel2(const float *Img, int W, int H, int I, int J,
                        int Addr) {
  I = addressed(I, W, Addr);
  J = addressed(J, H, Addr);
  return I < 0 || J < 0 ? 0.0f : Img[J * W + I];
}

/// Point sampling of texel coordinate T (normalised by N when Norm).
__device__ int pointTexel(float T, int N, int Addr, bool Norm) {
  if (!Norm)
    return addressed((int)floorf(T), N, Addr);
  float X = T / N;
  if (Addr == Wrap)
    X -= floorf(X);
  if (Addr == Mirror) {
    float F = floorf(X);
    X -= F;
    if ((int)F & 1)
      X = 1.0f - X;
  }
  int I = (int)floorf(X * N);
  if (Addr == Border)
    return I < 0 || I >= N ? -1 : I;
  return I < 0 ? 0 : I >= N ? N - 1 : I;
}

/// The linear weight of P's fraction, in 1/256 steps (or exact).
__device__ float weight(float P, bool Quantised) {
  float A = P - floorf(P);
  return Quantised ? floorf(A * 256.0f + 0.5f) / 256.0f : A;
}

__device__ float bilinear(const float *Img, int W, int H, float Tx, float Ty,
                          int Addr, bool Quantised) {
  float Px = Tx - 0.5f, Py = Ty - 0.5f;
  int I = (int)floorf(Px), J = (int)floorf(Py);
  float A = weight(Px, Quantised), B = weight(Py, Quantised);
  return (1 - A) * (1 - B) * texel2(Img, W, H, I, J, Addr) +
         A * (1 - B) * texel2(Img, W, H, I + 1, J, Addr) +
         (1 - A) * B * texel2(Img, W, H, I, J + 1, Addr) +
         A * B * texel2(Img, W, H, I + 1, J + 1, Addr);
}

/// tex1Dfetch over a 1D f32 texture of N elements: the element, 0 past it.
extern "C" __global__ void fetch1d(cudaTextureObject_t T, const float *Buf,
                                   int N, float *Out) {
  int I = threadIdx.x;
  float V = tex1Dfetch<float>(T, I);
  SAME(V, Buf[I])
  SAME(tex1Dfetch<float>(T, I + N), 0.0f)
  SAME(tex1Dfetch<float>(T, -1 - I), 0.0f)
  Out[I] = V;
}

/// tex2D over a W x H f32 texture in address mode Addr, normalised
/// coordinates or not, point or linear: 64 coordinates from outside the
/// lower edges to past the upper ones, quarter texels and, for odd
/// threads, 0.3 texel more (a weight that 1/256 steps round).
extern "C" __global__ void sample2d(cudaTextureObject_t T, const float *Img,
                                    int W, int H, int Addr, int Norm,
                                    int Linear, float *Out) {
  int K = threadIdx.x;
  float Tx = -1.25f + (K % 16) * 0.75f + ((K & 1) ? 0.3f : 0.0f);
  float Ty = -1.25f + (K / 16) * 1.75f;
  float X = Norm ? Tx / W : Tx, Y = Norm ? Ty / H : Ty;
  float Got = tex2D<float>(T, X, Y);
  if (!Linear) {
    int I = pointTexel(Tx, W, Addr, Norm), J = pointTexel(Ty, H, Addr, Norm);
    SAME(Got, I < 0 || J < 0 ? 0.0f : Img[J * W + I])
  } else {
    float Want = bilinear(Img, W, H, Tx, Ty, Addr, true);
    NEAR(Got, Want, 1e-4f)
    // Within the documented 1/256 of the exact interpolation (texels are
    // below 100: the weights' error times the largest difference).
    NEAR(Got, bilinear(Img, W, H, Tx, Ty, Addr, false), 200.0f / 256.0f)
  }
  Out[K] = Got;
}

/// tex2Dgather: channel 0 of the bilinear footprint's four texels.
extern "C" __global__ void gather(cudaTextureObject_t T, const float *Img,
                                  int W, int H, float *Out) {
  int K = threadIdx.x;
  float Tx = 0.25f + (K % 8) * 0.5f, Ty = 0.25f + (K / 8) * 0.5f;
  float4 G = tex2Dgather<float4>(T, Tx, Ty, 0);
  int I = (int)floorf(Tx - 0.5f), J = (int)floorf(Ty - 0.5f);
  SAME(G.x, texel2(Img, W, H, I, J + 1, Clamp))
  SAME(G.y, texel2(Img, W, H, I + 1, J + 1, Clamp))
  SAME(G.z, texel2(Img, W, H, I + 1, J, Clamp))
  SAME(G.w, texel2(Img, W, H, I, J, Clamp))
  Out[K] = G.x + G.y + G.z + G.w;
}

/// tex3D on a 4 x 4 x 4 f32 texture, point (P) and linear (L), clamped.
extern "C" __global__ void sample3d(cudaTextureObject_t P, cudaTextureObject_t L,
                                    const float *Img, float *Out) {
  int K = threadIdx.x;
  float T[3] = {-0.5f + (K % 4) * 1.25f, 0.75f + (K / 4 % 4) * 0.5f,
                4.5f - (K / 16) * 1.5f};
  float Got = tex3D<float>(P, T[0], T[1], T[2]);
  int I[3];
  for (int D = 0; D < 3; ++D)
    I[D] = addressed((int)floorf(T[D]), 4, Clamp);
  SAME(Got, Img[(I[2] * 4 + I[1]) * 4 + I[0]])
  float Want = 0;
  for (int C = 0; C < 8; ++C) {
    float Wt = 1;
    int At[3];
    for (int D = 0; D < 3; ++D) {
      float Pd = T[D] - 0.5f, A = weight(Pd, true);
      int Second = C >> D & 1;
      At[D] = addressed((int)floorf(Pd) + Second, 4, Clamp);
      Wt *= Second ? A : 1 - A;
    }
    Want += Wt * Img[(At[2] * 4 + At[1]) * 4 + At[0]];
  }
  float Lin = tex3D<float>(L, T[0], T[1], T[2]);
  NEAR(Lin, Want, 1e-4f)
  Out[K] = Got + Lin;
}

/// Formats and read modes over one buffer of 16 uchar4: as u8 elements,
/// as normalised floats (linear filtering between them), and as pairs of
/// s16.
extern "C" __global__ void formats(cudaTextureObject_t U8, cudaTextureObject_t U8n,
                                   cudaTextureObject_t S16n,
                                   const uchar4 *Raw, float *Out) {
  int I = threadIdx.x;
  uchar4 E = tex1Dfetch<uchar4>(U8, I);
  SAME(E.x, Raw[I].x)
  SAME(E.w, Raw[I].w)
  float4 F = tex1D<float4>(U8n, I + 0.5f);
  SAME(F.x, Raw[I].x / 255.0f)
  SAME(F.z, Raw[I].z / 255.0f)
  float4 Mid = tex1D<float4>(U8n, I + 0.75f); // a quarter of the way on
  int Next = I + 1 < 16 ? I + 1 : 15;
  NEAR(Mid.y, 0.75f * (Raw[I].y / 255.0f) + 0.25f * (Raw[Next].y / 255.0f),
       1e-6f)
  const short *S = (const short *)Raw;
  float2 H = tex1Dfetch<float2>(S16n, I);
  SAME(H.x, fmaxf(S[2 * I] / 32767.0f, -1.0f))
  SAME(H.y, fmaxf(S[2 * I + 1] / 32767.0f, -1.0f))
  Out[I] = E.x + F.y + Mid.y + H.x;
}

/// Surfaces over W x H floats. Phase 0 reads with each boundary mode from
/// Src and writes floats to Dst and float4s to Dst4 (each thread its own
/// element); OutOfRange moves thread 0's write past the row (trap mode).
/// Phase 1 (the next launch: a surface read of what the same launch wrote
/// is undefined) reads them back.
extern "C" __global__ void surfaces(cudaSurfaceObject_t Src, cudaSurfaceObject_t Dst,
                                    cudaSurfaceObject_t Dst4, const float *Img,
                                    int W, int OutOfRange, int Phase) {
  int X = threadIdx.x, Y = blockIdx.x;
  float V = surf2Dread<float>(Src, X * 4, Y);
  SAME(V, Img[Y * W + X])
  if (Phase == 1) {
    SAME(surf2Dread<float>(Dst, X * 4, Y), V * 2 + 1)
    float4 R = surf2Dread<float4>(Dst4, X * 16, Y);
    SAME(R.x, V)
    SAME(R.w, V + 3)
    return;
  }
  SAME(surf2Dread<float>(Src, -4, Y, cudaBoundaryModeClamp), Img[Y * W])
  SAME(surf2Dread<float>(Src, W * 4, Y, cudaBoundaryModeClamp),
       Img[Y * W + W - 1])
  SAME(surf2Dread<float>(Src, X * 4, Y + 100, cudaBoundaryModeZero), 0.0f)
  surf2Dwrite(V * 2 + 1, Dst, X * 4, Y);
  surf2Dwrite(V, Dst, (X + W) * 4, Y, cudaBoundaryModeZero); // dropped
  surf2Dwrite(make_float4(V, V + 1, V + 2, V + 3), Dst4, X * 16, Y);
  if (OutOfRange && X == 0)
    surf2Dwrite(V, Dst, W * 4, Y);
}

/// A texture over a buffer the same launch writes: thread K writes element
/// K and fetches element K + 1, which thread K + 1 writes (a race).
extern "C" __global__ void texrace(cudaTextureObject_t T, float *Buf,
                                   float *Out) {
  int K = threadIdx.x;
  Buf[K] = K;
  Out[K] = tex1Dfetch<float>(T, K + 1);
}

/// Surface accesses of every size and geometry: thread I owns bytes
/// [8 I, 8 I + 8) of a 1D u8 surface; phase 0 writes them as a float2, a
/// short and a byte, phase 1 reads them back as a byte and a float2. On a
/// 4 x 4 x 4 float volume (read-only) 3D reads, clamped past the last
/// slice and zero below the first.
extern "C" __global__ void surfsizes(cudaSurfaceObject_t Bytes,
                                     cudaSurfaceObject_t Vol, const float *V,
                                     float *Out, int Phase) {
  int I = threadIdx.x;
  float2 P = make_float2(I * 1.5f, -I - 0.25f);
  short S = (short)(0x1234 + I);
  if (Phase == 0) {
    surf1Dwrite(P, Bytes, 8 * I);
    surf1Dwrite(S, Bytes, 8 * I + 2);
    surf1Dwrite((unsigned char)I, Bytes, 8 * I + 7);
  } else {
    unsigned char B = surf1Dread<unsigned char>(Bytes, 8 * I + 1);
    SAME(B, (unsigned char)(__float_as_uint(P.x) >> 8))
    float2 Q = surf1Dread<float2>(Bytes, 8 * I);
    SAME(__float_as_uint(Q.x), (__float_as_uint(P.x) & 0xffffu) |
                                   ((unsigned)(unsigned short)S << 16))
    SAME(__float_as_uint(Q.y), (__float_as_uint(P.y) & 0x00ffffffu) |
                                   ((unsigned)I << 24))
    Out[I] = Q.x + Q.y;
  }
  int X = I % 4, Y = I / 4 % 4, Z = I / 16;
  SAME(surf3Dread<float>(Vol, X * 4, Y, Z), V[(Z * 4 + Y) * 4 + X])
  SAME(surf3Dread<float>(Vol, X * 4, Y, Z + 9, cudaBoundaryModeClamp),
       V[(3 * 4 + Y) * 4 + X])
  SAME(surf3Dread<float>(Vol, X * 4, Y, -1 - Z, cudaBoundaryModeZero), 0.0f)
}

/// A texture fetch of what the fetching thread itself wrote in the same
/// launch: ordered, yet undefined on a GPU (the texture cache is not
/// coherent within a launch).
extern "C" __global__ void texstale(cudaTextureObject_t T, float *Buf,
                                    float *Out) {
  int K = threadIdx.x;
  Buf[K] = K;
  Out[K] = tex1Dfetch<float>(T, K);
}
