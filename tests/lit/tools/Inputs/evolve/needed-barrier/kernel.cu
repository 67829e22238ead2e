// Each thread writes its element into a tile and reads its neighbour's:
// the barrier between is needed. Deleting or moving it is cheaper and, run
// in one fixed order, still gives the right output; on a GPU it races.
#define N 64

extern "C" __global__ void rotate(const float *in, float *out) {
  __shared__ float tile[N];
  int t = threadIdx.x, i = blockIdx.x * N + t;
  tile[t] = in[i] * 2.0f;
  __syncthreads();
  out[i] = tile[(t + 1) % N] + 1.0f;
}
