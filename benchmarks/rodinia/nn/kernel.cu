// NN: distances from a query point to every record (the data-parallel part
// of a k-nearest-neighbour search; the host then picks the k smallest).
//
// Records are (latitude, longitude) pairs. One thread per record; the grid
// is two-dimensional so that large record counts fit, and threads past the
// last record do nothing.
struct LatLong {
  float lat;
  float lng;
};

__global__ void euclid(const LatLong *locations, float *distances,
                       int num_records, float lat, float lng) {
  int id = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) + threadIdx.x;
  if (id < num_records) {
    LatLong p = locations[id];
    float dlat = lat - p.lat;
    float dlng = lng - p.lng;
    distances[id] = sqrtf(dlat * dlat + dlng * dlng);
  }
}
