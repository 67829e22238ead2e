//===- Channel.cpp - Bytes and descriptors over unix sockets ----------------===//

#include "Channel.h"

#include <cerrno>
#include <cstring>

#include <sys/socket.h>
#include <unistd.h>

namespace gevo::sandbox {

namespace {
constexpr size_t MaxFds = 4;
constexpr size_t HeaderSize = 8;

void putLength(char *Out, uint64_t N) {
  for (int I = 0; I < 8; ++I)
    Out[I] = char((N >> (8 * I)) & 0xff);
}

/// Calls Io until Size bytes moved; false on EOF or an error.
template <typename IoFn> bool transferAll(void *Data, size_t Size, IoFn Io) {
  char *P = static_cast<char *>(Data);
  while (Size) {
    ssize_t N = Io(P, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Size -= size_t(N);
  }
  return true;
}

uint64_t getLength(const char *In) {
  uint64_t N = 0;
  for (int I = 0; I < 8; ++I)
    N |= uint64_t(uint8_t(In[I])) << (8 * I);
  return N;
}
} // namespace

bool sendAll(int Fd, const void *Data, size_t Size) {
  return transferAll(const_cast<void *>(Data), Size, [Fd](char *P, size_t N) {
    return ::send(Fd, P, N, MSG_NOSIGNAL);
  });
}

bool readAll(int Fd, void *Data, size_t Size) {
  return transferAll(Data, Size,
                     [Fd](char *P, size_t N) { return ::read(Fd, P, N); });
}

bool sendFrame(int Fd, char Kind, std::string_view Body) {
  char Header[HeaderSize + 1];
  putLength(Header, Body.size() + 1);
  Header[HeaderSize] = Kind;
  return sendAll(Fd, Header, sizeof(Header)) &&
         sendAll(Fd, Body.data(), Body.size());
}

bool recvFrame(int Fd, char &Kind, std::string &Body) {
  char Header[HeaderSize];
  if (!readAll(Fd, Header, HeaderSize))
    return false;
  uint64_t N = getLength(Header);
  if (N == 0)
    return false;
  Body.resize(N - 1);
  return readAll(Fd, &Kind, 1) && readAll(Fd, Body.data(), N - 1);
}

size_t frameSize(const std::string &Buf) {
  if (Buf.size() < HeaderSize)
    return 0;
  uint64_t N = getLength(Buf.data());
  return Buf.size() >= HeaderSize + N ? HeaderSize + N : 0;
}

bool sendControl(int Fd, char Op, int64_t Arg, const std::vector<int> &Fds) {
  char Payload[9];
  Payload[0] = Op;
  std::memcpy(Payload + 1, &Arg, 8);
  iovec Io{Payload, sizeof(Payload)};
  msghdr Msg{};
  Msg.msg_iov = &Io;
  Msg.msg_iovlen = 1;
  alignas(cmsghdr) char Control[CMSG_SPACE(MaxFds * sizeof(int))];
  if (!Fds.empty()) {
    Msg.msg_control = Control;
    Msg.msg_controllen = CMSG_SPACE(Fds.size() * sizeof(int));
    cmsghdr *C = CMSG_FIRSTHDR(&Msg);
    C->cmsg_level = SOL_SOCKET;
    C->cmsg_type = SCM_RIGHTS;
    C->cmsg_len = CMSG_LEN(Fds.size() * sizeof(int));
    std::memcpy(CMSG_DATA(C), Fds.data(), Fds.size() * sizeof(int));
  }
  ssize_t N;
  do
    N = ::sendmsg(Fd, &Msg, MSG_NOSIGNAL);
  while (N < 0 && errno == EINTR);
  return N == ssize_t(sizeof(Payload));
}

bool recvControl(int Fd, char &Op, int64_t &Arg, std::vector<int> &Fds) {
  char Payload[9];
  iovec Io{Payload, sizeof(Payload)};
  msghdr Msg{};
  Msg.msg_iov = &Io;
  Msg.msg_iovlen = 1;
  alignas(cmsghdr) char Control[CMSG_SPACE(MaxFds * sizeof(int))];
  Msg.msg_control = Control;
  Msg.msg_controllen = sizeof(Control);
  ssize_t N;
  do
    N = ::recvmsg(Fd, &Msg, MSG_CMSG_CLOEXEC);
  while (N < 0 && errno == EINTR);
  // Control messages are small; the socket is SOCK_SEQPACKET, so a message
  // arrives whole or not at all.
  if (N != ssize_t(sizeof(Payload)))
    return false;
  for (cmsghdr *C = CMSG_FIRSTHDR(&Msg); C; C = CMSG_NXTHDR(&Msg, C)) {
    if (C->cmsg_level != SOL_SOCKET || C->cmsg_type != SCM_RIGHTS)
      continue;
    size_t Count = (C->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    const int *In = reinterpret_cast<const int *>(CMSG_DATA(C));
    Fds.insert(Fds.end(), In, In + Count);
  }
  Op = Payload[0];
  std::memcpy(&Arg, Payload + 1, 8);
  return true;
}

} // namespace gevo::sandbox
