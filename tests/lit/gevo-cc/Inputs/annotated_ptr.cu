// libcu++'s access-property pointers, which gevo's header does not have.
#include <cuda/annotated_ptr>
__global__ void scale(float *x) {
  cuda::annotated_ptr<float, cuda::access_property::streaming> p(x);
  p[threadIdx.x] *= 2;
}
