-- calls.lua - a call-heavy Lua workload for ccprof's benchmarks.
--
--   lua calls.lua [SCALE]      (SCALE defaults to 1; time grows linearly)
--
-- Three phases, each dominated by calls between small C functions of the
-- interpreter (luaV_execute, luaD_precall, luaH_*, lua_pushfstring, ...):
-- recursive fib (Lua-to-Lua calls), table.sort with a Lua comparator
-- (C-to-Lua calls), and string.format/concat/gsub (C library calls).
-- Deterministic: the output is a checksum that does not depend on the
-- build, so a miscompiled build is noticed.
local scale = tonumber(arg and arg[1]) or 1

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

-- A linear congruential generator, so every run sorts the same arrays.
local seed = 12345
local function rand()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed
end

local function sort_phase(n)
  local t = {}
  for i = 1, n do t[i] = { key = rand() % 100000, id = i } end
  table.sort(t, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    return a.id < b.id
  end)
  local sum = 0
  for i = 1, n, 97 do sum = (sum + t[i].key * i) % 1000000007 end
  return sum
end

local function string_phase(n)
  local parts, h = {}, 0
  for i = 1, n do
    local s = string.format("%d:%s:%5.2f", i, tostring(i * 7), i / 3)
    s = s:gsub("%d", function(d) return string.char(97 + tonumber(d)) end)
    parts[#parts + 1] = s
    if #parts == 64 then
      local joined = table.concat(parts, ",")
      h = (h * 31 + #joined + joined:byte(5)) % 1000000007
      parts = {}
    end
  end
  return h
end

local total = 0
for _ = 1, scale do
  total = (total + fib(27)) % 1000000007
  total = (total + sort_phase(60000)) % 1000000007
  total = (total + string_phase(60000)) % 1000000007
end
print(string.format("calls.lua scale %d checksum %d", scale, total))
