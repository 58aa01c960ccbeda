-- wrk load for a continuous-context bandit: every /decide carries a fresh uniform context in
-- [0,1]^2 (never in the public pool), then the feedback for it. Used by run-close.sh and
-- run-background.sh; the bandit is $BANDIT (default "continuous").
local bandit = os.getenv("BANDIT") or "continuous"
local pending = {}
local headers = nil

local function request_headers()
  if headers == nil then
    headers = {}
    for k, v in pairs(wrk.headers) do headers[k] = v end
    headers["Content-Type"] = "application/json"
  end
  return headers
end

request = function()
  if #pending > 0 then
    local id = table.remove(pending, 1)
    return wrk.format("POST", "/feedback", request_headers(), '{"decisionId":"' .. id .. '","reward":' ..
      string.format("%.3f", math.random()) .. '}')
  end
  local c = string.format("[%.6f,%.6f]", math.random(), math.random())
  return wrk.format("POST", "/decide", request_headers(), '{"bandit":"' .. bandit .. '","context":' .. c .. '}')
end

response = function(status, headers, body)
  if status ~= 200 then
    io.write("unexpected status " .. status .. "\n")
    return
  end
  local id = body:match('"decisionId":"([^"]+)"')
  if id then
    table.insert(pending, id)
  end
end
