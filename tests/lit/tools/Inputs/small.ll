define i32 @f(i32 %x, i32 %y) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %y
  %c = sub i32 %b, %x
  ret i32 %c
}
