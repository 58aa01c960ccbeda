-- wrk load for POST /decide followed by POST /feedback for the decision it returned.
-- Each wrk thread alternates: a decide, then the feedback for the oldest unanswered decision.
-- Contexts are picked from the bandit's public pool (see load-bandit.json).
-- With WRK_OUT set, done() writes the run's counts and its latency quantiles there (bench/load-table.py
-- merges several wrk processes, one per service instance).
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

done = function(summary, latency, requests)
  local path = os.getenv("WRK_OUT")
  if path == nil or path == "" then
    return
  end
  local f = io.open(path, "w")
  local e = summary.errors
  f:write(string.format("requests %d\nduration_us %d\nerrors %d\n", summary.requests, summary.duration,
    e.connect + e.read + e.write + e.status + e.timeout))
  -- 1000 latency quantiles (microseconds): enough to merge the processes' distributions.
  for q = 1, 1000 do
    f:write(string.format("q %d\n", latency:percentile(q / 10.0)))
  end
  f:close()
end
