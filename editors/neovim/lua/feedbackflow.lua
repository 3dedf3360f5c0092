-- FeedbackFlow's language server (`feedbackflow lsp`) for Neovim 0.7 and later.
--
-- Put this folder's `lua/` on 'runtimepath' (or copy this file into your config's
-- `lua/`), then in init.lua:
--
--   require("feedbackflow").setup()            -- or setup({ cmd = { "/path/to/feedbackflow", "lsp" } })
--
-- Every YAML buffer gets the server, one per project root: the nearest folder up from the
-- file holding `.feedbackflow.yaml`, else `.git`, else the file's folder. Neovim 0.8 and
-- later start it with `vim.lsp.start`, which reuses a running client of the same root;
-- 0.7 (Debian 12's) has no `vim.lsp.start`, so this keeps one client per root and
-- attaches each buffer to it.
local M = {}

-- The project root of `path`: where `.feedbackflow.yaml`, else `.git`, is found going up.
local function root_of(path)
  local folder = vim.fn.fnamemodify(path, ":p:h")
  local config = vim.fn.findfile(".feedbackflow.yaml", folder .. ";")
  if config ~= "" then
    return vim.fn.fnamemodify(config, ":p:h")
  end
  local git = vim.fn.finddir(".git", folder .. ";")
  if git ~= "" then
    return vim.fn.fnamemodify(git, ":p:h:h")
  end
  return folder
end

function M.setup(options)
  options = options or {}
  local cmd = options.cmd or { "feedbackflow", "lsp" }
  local clients = {} -- Neovim 0.7: a client id per root
  vim.api.nvim_create_autocmd("FileType", {
    pattern = options.filetypes or { "yaml" },
    callback = function(event)
      local path = vim.api.nvim_buf_get_name(event.buf)
      if path == "" then
        return
      end
      local root = root_of(path)
      local config = { name = "feedbackflow", cmd = cmd, root_dir = root }
      if vim.lsp.start then
        vim.api.nvim_buf_call(event.buf, function()
          vim.lsp.start(config)
        end)
        return
      end
      local id = clients[root]
      if id == nil or vim.lsp.get_client_by_id(id) == nil then
        id = vim.lsp.start_client(config)
        clients[root] = id
      end
      if id then
        vim.lsp.buf_attach_client(event.buf, id)
      end
    end,
  })
end

return M
