-- wrk load for POST /decide followed by POST /feedback for the decision it returned.
-- Each wrk thread alternates: a decide, then the feedback for the oldest unanswered decision.
-- Contexts are picked from the bandit's public pool (see load-bandit.json).
local pool = {}
for i = 0, 49 do
  pool[i + 1] = string.format("[%.4f,%.4f]", (i * 0.6180339) % 1, (i * 0.4142135) % 1)
end
local pending = {}
local headers = nil

-- wrk.format replaces wrk.headers (the -H options, e.g. the API key) when given a table, so
-- merge them in once per thread.
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
    return wrk.format("POST", "/feedback", request_headers(), '{"decisionId":"' .. id .. '","reward":0.5}')
  end
  local c = pool[math.random(1, #pool)]
  return wrk.format("POST", "/decide", request_headers(), '{"bandit":"load","context":' .. c .. '}')
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
