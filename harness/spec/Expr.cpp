//===- Expr.cpp - Parse, fold and evaluate spec.json expressions ----------===//

#include "gevo/harness/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

namespace gevo {

struct ExprNode {
  enum Op { Const, Var, Neg, Add, Sub, Mul, Div, Mod, Lt, Le, Gt, Ge, Eq,
            Ne, Select, Min, Max, CeilDiv, Ceil, Floor };
  Op O = Const;
  ExprValue C;      // Const
  std::string Name; // Var
  std::vector<std::shared_ptr<const ExprNode>> Kids;
};

namespace {

using NodePtr = std::shared_ptr<const ExprNode>;

const char *opText(ExprNode::Op O) {
  static const char *const Text[] = {
      "",   "",  "-",  "+",  "-",  "*", "/",   "%",  "<",
      "<=", ">", ">=", "==", "!=", "?", "min", "max", "cdiv", "ceil",
      "floor"};
  return Text[O];
}

/// Applies O to values; Err is set on a division by zero or an overflow.
ExprValue apply(ExprNode::Op O, const std::vector<ExprValue> &V,
                std::string &Err) {
  using N = ExprNode;
  if (O == N::Neg)
    return V[0].Int ? ExprValue::integer(-V[0].I) : ExprValue::real(-V[0].D);
  if (O == N::Select)
    return V[0].asDouble() != 0 ? V[1] : V[2];
  if (O == N::Ceil || O == N::Floor) {
    if (V[0].Int)
      return V[0];
    double R = O == N::Ceil ? std::ceil(V[0].D) : std::floor(V[0].D);
    if (!(std::fabs(R) < 0x1p62)) {
      Err = "overflows a 64-bit integer";
      return {};
    }
    return ExprValue::integer(int64_t(R));
  }
  bool Int = V[0].Int && V[1].Int;
  double A = V[0].asDouble(), B = V[1].asDouble();
  auto Truth = [](bool T) { return ExprValue::integer(T); };
  switch (O) {
  case N::Lt:
    return Int ? Truth(V[0].I < V[1].I) : Truth(A < B);
  case N::Le:
    return Int ? Truth(V[0].I <= V[1].I) : Truth(A <= B);
  case N::Gt:
    return Int ? Truth(V[0].I > V[1].I) : Truth(A > B);
  case N::Ge:
    return Int ? Truth(V[0].I >= V[1].I) : Truth(A >= B);
  case N::Eq:
    return Int ? Truth(V[0].I == V[1].I) : Truth(A == B);
  case N::Ne:
    return Int ? Truth(V[0].I != V[1].I) : Truth(A != B);
  case N::Min:
    return B < A ? V[1] : V[0];
  case N::Max:
    return B > A ? V[1] : V[0];
  default:
    break;
  }
  if ((O == N::Div || O == N::Mod || O == N::CeilDiv) && B == 0) {
    Err = "divides by zero";
    return {};
  }
  if (!Int) {
    switch (O) {
    case N::Add:
      return ExprValue::real(A + B);
    case N::Sub:
      return ExprValue::real(A - B);
    case N::Mul:
      return ExprValue::real(A * B);
    case N::Div:
      return ExprValue::real(A / B);
    case N::CeilDiv:
      return ExprValue::real(std::ceil(A / B));
    default:
      return ExprValue::real(std::fmod(A, B));
    }
  }
  int64_t X = V[0].I, Y = V[1].I, R = 0;
  bool Over = false;
  switch (O) {
  case N::Add:
    Over = __builtin_add_overflow(X, Y, &R);
    break;
  case N::Sub:
    Over = __builtin_sub_overflow(X, Y, &R);
    break;
  case N::Mul:
    Over = __builtin_mul_overflow(X, Y, &R);
    break;
  case N::Div:
    Over = X == INT64_MIN && Y == -1;
    R = Over ? 0 : X / Y;
    break;
  case N::CeilDiv:
    if (Y < 0 || X < 0) {
      Err = "cdiv takes no negative operands";
      return {};
    }
    Over = __builtin_add_overflow(X, Y - 1, &R);
    R /= Y;
    break;
  default:
    R = Y == -1 ? 0 : X % Y;
    break;
  }
  if (Over)
    Err = "overflows a 64-bit integer";
  return ExprValue::integer(R);
}

class Parser {
public:
  Parser(const std::string &Text,
         const std::map<std::string, ExprValue> &Consts,
         const std::vector<std::string> &Vars)
      : Text(Text), Consts(Consts), Vars(Vars) {}

  /// The folded tree, or Err set.
  NodePtr parse() {
    NodePtr N = ternary();
    skipSpace();
    if (Err.empty() && Pos != Text.size())
      fail("unexpected '" + Text.substr(Pos, 1) + "'");
    return Err.empty() ? N : nullptr;
  }

  std::string Err;

private:
  void fail(const std::string &Msg) {
    if (Err.empty())
      Err = Msg + " at column " + std::to_string(Pos + 1);
  }
  void skipSpace() {
    while (Pos < Text.size() && std::isspace(uint8_t(Text[Pos])))
      ++Pos;
  }
  bool eat(const char *Tok) {
    skipSpace();
    size_t L = std::char_traits<char>::length(Tok);
    if (Text.compare(Pos, L, Tok) != 0)
      return false;
    // "<" must not eat the start of "<=".
    if (L == 1 &&
        (Tok[0] == '<' || Tok[0] == '>' || Tok[0] == '=' || Tok[0] == '!') &&
        Pos + 1 < Text.size() && Text[Pos + 1] == '=')
      return false;
    Pos += L;
    return true;
  }

  /// Op applied to Kids, folded when every kid is constant.
  NodePtr make(ExprNode::Op O, std::vector<NodePtr> Kids) {
    for (const NodePtr &K : Kids)
      if (!K)
        return nullptr;
    auto N = std::make_shared<ExprNode>();
    N->O = O;
    if (std::all_of(Kids.begin(), Kids.end(),
                    [](const NodePtr &K) { return K->O == ExprNode::Const; })) {
      std::vector<ExprValue> V;
      for (const NodePtr &K : Kids)
        V.push_back(K->C);
      std::string E;
      N->O = ExprNode::Const;
      N->C = apply(O, V, E);
      if (!E.empty())
        fail(E);
      return N;
    }
    N->Kids = std::move(Kids);
    return N;
  }

  NodePtr ternary() {
    NodePtr C = compare();
    if (!eat("?"))
      return C;
    NodePtr A = ternary();
    if (!eat(":")) {
      fail("expected ':'");
      return nullptr;
    }
    return make(ExprNode::Select, {C, A, ternary()});
  }

  /// An operator's token and its node.
  using OpToken = std::pair<const char *, ExprNode::Op>;

  /// The operator of Ops that comes next, eaten (the first that eats), if any.
  std::optional<ExprNode::Op> eatOne(llvm::ArrayRef<OpToken> Ops) {
    for (auto [Tok, O] : Ops)
      if (eat(Tok))
        return O;
    return std::nullopt;
  }

  NodePtr compare() {
    static const OpToken Ops[] = {{"<=", ExprNode::Le}, {">=", ExprNode::Ge},
                                  {"==", ExprNode::Eq}, {"!=", ExprNode::Ne},
                                  {"<", ExprNode::Lt},  {">", ExprNode::Gt}};
    NodePtr L = additive();
    if (std::optional<ExprNode::Op> O = eatOne(Ops))
      return make(*O, {L, additive()});
    return L;
  }

  /// Operand (op Operand)*, left-associative, over the operators Ops.
  NodePtr leftAssociative(NodePtr (Parser::*Operand)(),
                          llvm::ArrayRef<OpToken> Ops) {
    NodePtr L = (this->*Operand)();
    while (L)
      if (std::optional<ExprNode::Op> O = eatOne(Ops))
        L = make(*O, {L, (this->*Operand)()});
      else
        break;
    return L;
  }

  NodePtr additive() {
    static const OpToken Ops[] = {{"+", ExprNode::Add}, {"-", ExprNode::Sub}};
    return leftAssociative(&Parser::term, Ops);
  }

  NodePtr term() {
    static const OpToken Ops[] = {
        {"*", ExprNode::Mul}, {"/", ExprNode::Div}, {"%", ExprNode::Mod}};
    return leftAssociative(&Parser::unary, Ops);
  }

  NodePtr unary() {
    if (eat("-"))
      return make(ExprNode::Neg, {unary()});
    if (eat("+"))
      return unary();
    return primary();
  }

  NodePtr number() {
    size_t End = Pos;
    bool Real = false;
    while (End < Text.size() &&
           (std::isdigit(uint8_t(Text[End])) || Text[End] == '.' ||
            Text[End] == 'e' || Text[End] == 'E' ||
            ((Text[End] == '-' || Text[End] == '+') &&
             (Text[End - 1] == 'e' || Text[End - 1] == 'E')))) {
      Real |= !std::isdigit(uint8_t(Text[End]));
      ++End;
    }
    std::string Tok = Text.substr(Pos, End - Pos);
    auto N = std::make_shared<ExprNode>();
    size_t Used = 0;
    try {
      N->C = Real ? ExprValue::real(std::stod(Tok, &Used))
                  : ExprValue::integer(std::stoll(Tok, &Used));
    } catch (const std::exception &) {
      Used = 0;
    }
    if (Used != Tok.size()) {
      fail("bad number '" + Tok + "'");
      return nullptr;
    }
    Pos = End;
    return N;
  }

  NodePtr call(const std::string &Name) {
    ExprNode::Op O = Name == "min"    ? ExprNode::Min
                     : Name == "max"  ? ExprNode::Max
                     : Name == "cdiv" ? ExprNode::CeilDiv
                     : Name == "ceil" ? ExprNode::Ceil
                                      : ExprNode::Floor;
    NodePtr A = ternary();
    if (O == ExprNode::Ceil || O == ExprNode::Floor) {
      if (!eat(")")) {
        fail(Name + "() takes one argument: expected ')'");
        return nullptr;
      }
      return make(O, {A});
    }
    if (!eat(",")) {
      fail(Name + "() takes two arguments: expected ','");
      return nullptr;
    }
    NodePtr B = ternary();
    if (!eat(")")) {
      fail("expected ')'");
      return nullptr;
    }
    return make(O, {A, B});
  }

  NodePtr name() {
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum(uint8_t(Text[Pos])) || Text[Pos] == '_'))
      ++Pos;
    std::string Name = Text.substr(Start, Pos - Start);
    if ((Name == "min" || Name == "max" || Name == "cdiv" || Name == "ceil" ||
         Name == "floor") &&
        eat("("))
      return call(Name);
    if (auto It = Consts.find(Name); It != Consts.end()) {
      auto N = std::make_shared<ExprNode>();
      N->C = It->second;
      return N;
    }
    if (std::find(Vars.begin(), Vars.end(), Name) != Vars.end()) {
      auto N = std::make_shared<ExprNode>();
      N->O = ExprNode::Var;
      N->Name = Name;
      return N;
    }
    std::vector<std::string> Known(Vars);
    for (auto &[K, V] : Consts)
      Known.push_back(K);
    std::sort(Known.begin(), Known.end());
    std::string List;
    for (const std::string &K : Known)
      List += (List.empty() ? "" : ", ") + K;
    Pos = Start;
    fail("unknown name '" + Name +
         "' (known: " + (List.empty() ? "none" : List) + ")");
    return nullptr;
  }

  NodePtr primary() {
    skipSpace();
    if (Pos >= Text.size()) {
      fail("expected a number, a name or '('");
      return nullptr;
    }
    char Ch = Text[Pos];
    if (std::isdigit(uint8_t(Ch)) || Ch == '.')
      return number();
    if (std::isalpha(uint8_t(Ch)) || Ch == '_')
      return name();
    if (eat("(")) {
      NodePtr N = ternary();
      if (!eat(")")) {
        fail("expected ')'");
        return nullptr;
      }
      return N;
    }
    fail("expected a number, a name or '('");
    return nullptr;
  }

  const std::string &Text;
  const std::map<std::string, ExprValue> &Consts;
  const std::vector<std::string> &Vars;
  size_t Pos = 0;
};

ExprValue evalNode(const ExprNode &N,
                   const std::map<std::string, ExprValue> &Vars,
                   std::string &Err) {
  if (N.O == ExprNode::Const)
    return N.C;
  if (N.O == ExprNode::Var) {
    auto It = Vars.find(N.Name);
    return It == Vars.end() ? ExprValue::integer(0) : It->second;
  }
  std::vector<ExprValue> V;
  for (const NodePtr &K : N.Kids)
    V.push_back(evalNode(*K, Vars, Err));
  return apply(N.O, V, Err);
}

std::string valueText(const ExprValue &V) {
  return V.Int ? std::to_string(V.I) : llvm::formatv("{0:g17}", V.D).str();
}

std::string nodeText(const ExprNode &N) {
  switch (N.O) {
  case ExprNode::Const:
    return valueText(N.C);
  case ExprNode::Var:
    return N.Name;
  case ExprNode::Neg:
    return "(-" + nodeText(*N.Kids[0]) + ")";
  case ExprNode::Select:
    return "(" + nodeText(*N.Kids[0]) + " ? " + nodeText(*N.Kids[1]) + " : " +
           nodeText(*N.Kids[2]) + ")";
  case ExprNode::Ceil:
  case ExprNode::Floor:
    return std::string(opText(N.O)) + "(" + nodeText(*N.Kids[0]) + ")";
  case ExprNode::Min:
  case ExprNode::Max:
  case ExprNode::CeilDiv:
    return std::string(opText(N.O)) + "(" + nodeText(*N.Kids[0]) + ", " +
           nodeText(*N.Kids[1]) + ")";
  default:
    return "(" + nodeText(*N.Kids[0]) + " " + opText(N.O) + " " +
           nodeText(*N.Kids[1]) + ")";
  }
}

} // namespace

Expr::Expr() : Expr(ExprValue::integer(0)) {}

Expr::Expr(ExprValue V) {
  auto N = std::make_shared<ExprNode>();
  N->C = V;
  Root = std::move(N);
  Text = valueText(V);
}

llvm::Expected<Expr>
Expr::parse(const std::string &Text,
            const std::map<std::string, ExprValue> &Constants,
            const std::vector<std::string> &Variables) {
  Parser P(Text, Constants, Variables);
  NodePtr N = P.parse();
  if (!N)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "in '" + Text + "': " + P.Err);
  Expr E;
  E.Root = std::move(N);
  E.Text = Text;
  return E;
}

bool Expr::isConstant() const { return Root->O == ExprNode::Const; }

ExprValue Expr::constant() const { return Root->C; }

llvm::Expected<ExprValue>
Expr::eval(const std::map<std::string, ExprValue> &Vars) const {
  std::string Err;
  ExprValue V = evalNode(*Root, Vars, Err);
  if (!Err.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + Text + "' " + Err);
  return V;
}

std::string Expr::str() const { return nodeText(*Root); }

} // namespace gevo
