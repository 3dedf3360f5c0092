-- A headless Neovim (0.7+) opens the flow given after `--`, attaches `feedbackflow lsp`
-- ($FEEDBACKFLOW) to it, waits for the diagnostics and prints each as
-- `LINE:COLUMN CODE MESSAGE` (1-based, as Neovim shows them), then quits.
--   nvim --headless --clean -c "luafile neovim_diagnostics.lua" FILE
local binary = os.getenv("FEEDBACKFLOW")
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = "feedbackflow",
  cmd = { binary, "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(buffer, client)
local done = vim.wait(10000, function()
  return #vim.diagnostic.get(buffer) > 0
end, 50)
if not done then
  io.stdout:write("no diagnostics\n")
end
for _, d in ipairs(vim.diagnostic.get(buffer)) do
  io.stdout:write(string.format("%d:%d %s %s\n", d.lnum + 1, d.col + 1, tostring(d.code), d.message:gsub("\n.*", "")))
end
vim.lsp.stop_client(client)
vim.cmd("qa!")
