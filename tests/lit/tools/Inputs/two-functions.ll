define void @_Z6updatePfi(ptr %p, i32 %n) {
  %a = add i32 %n, 1
  %b = mul i32 %a, 3
  %g = getelementptr float, ptr %p, i32 %b
  %v = load float, ptr %g
  %w = fmul float %v, 2.0
  store float %w, ptr %g
  ret void
}

define i32 @helper(i32 %x) {
  %y = add i32 %x, 7
  %z = mul i32 %y, %x
  %u = sub i32 %z, %y
  ret i32 %u
}
