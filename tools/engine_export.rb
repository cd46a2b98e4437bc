# frozen_string_literal: true

# The first half of compiling a title: ask the 18xx.games engine for a title's static facts.
#
#   ruby tools/engine_export.rb ENGINE_DIR TITLE [FOLDER...] > TITLE.json
#
# ENGINE_DIR is a checkout of github.com/tobymao/18xx (only its lib/ is read). TITLE is the
# engine's name of the title (its Meta.title: "1830", "18Chesapeake", "The Old Prince 1871",
# "18Chesapeake: Off the Rails"). FOLDERs (lib/engine/game/g_*) are the title folders to load;
# without them the title's own folder and those of the titles it depends on are found from the
# titles' meta.rb files. The JSON printed on stdout is the input of tools/import_title.py
# (whose docstring describes every key); tools/compile_title.py runs both halves.
#
# The facts are those of a new game with the title's largest player count, made with a fixed
# game id so that a set-up that draws at random draws the same way on every run. Nothing is
# played: the board, the tile box, the depot and the companies are as the game starts.
#
# Developer tool: trainrun never runs Ruby at run or test time.

require 'json'
require 'set' # titles use Set as Ruby 3.2 gives it without a require

module EngineExport
  # What the tool may not do inside the engine: run anything on a shell. The engine keeps
  # browser JavaScript in %x{} blocks that only Opal compiles; under MRI such a block would be
  # a shell command, so it is refused loudly instead.
  module NoShell
    def `(command)
      raise NotImplementedError, "engine_export.rb refuses to run a shell command: #{command[0, 60]}"
    end
  end
  Kernel.prepend(NoShell)

  # Loading lib/engine without the `require_all` gem, which the engine asks for but this tool
  # does not need: `require_rel DIR` (the gem's one call the engine makes) is given here, and
  # `require 'require_all'` is answered as already done.
  module Loading
    module_function

    # Require every file of `paths` (files or folders, walked recursively), in whatever order
    # lets each one find the constants it names: a file that raises NameError is tried again
    # after the others, until a whole pass makes no progress.
    def require_in_order(paths)
      waiting = paths.flat_map { |p| File.directory?(p) ? Dir[File.join(p, '**', '*.rb')].sort : [p] }
      until waiting.empty?
        failures = {}
        waiting.each do |file|
          require file
        rescue NameError => e
          failures[file] = e
        end
        if failures.size == waiting.size
          file, error = failures.first
          raise LoadError, "cannot load #{file}: #{error.message.lines.first.strip}"
        end
        waiting = failures.keys
      end
    end
  end

  module RequireRel
    private

    def require(feature)
      return false if feature == 'require_all'

      super
    end

    def require_rel(*relative)
      here = File.dirname(caller_locations(1, 1).first.absolute_path)
      targets = relative.flatten.map do |r|
        full = File.expand_path(r, here)
        File.directory?(full) || full.end_with?('.rb') ? full : "#{full}.rb"
      end
      Loading.require_in_order(targets)
    end
  end
  Kernel.prepend(RequireRel)

  # A checkout of the engine: finding a title in it and loading the title's folders.
  class Checkout
    attr_reader :game_dir

    def initialize(engine_dir)
      @lib = File.join(File.expand_path(engine_dir), 'lib')
      @game_dir = File.join(@lib, 'engine', 'game')
      abort "#{engine_dir}: no lib/engine/game (not an 18xx.games checkout)" unless File.directory?(@game_dir)
      $LOAD_PATH.unshift(@lib)
    end

    # The shared engine: the game base class and all it requires, the mixins titles include
    # without requiring them (lib/engine/game/*.rb other than the titles' g_*.rb), then every
    # title's meta (small files, no game logic) so that titles can be found by name.
    def load_base
      quietly do
        %w[debug deep_freeze jaro_winkler logger game/base].each { |f| require File.join(@lib, 'engine', f) }
        Loading.require_in_order(Dir[File.join(@game_dir, '*.rb')].sort.reject { |f| File.basename(f).start_with?('g_') })
        Dir[File.join(@game_dir, 'g_*', 'meta.rb')].sort.each do |meta|
          require meta
        rescue StandardError, ScriptError
          next # a meta that needs more than the base belongs to a title not asked for
        end
      end
      LOGGER.level = ::Logger::FATAL if defined?(LOGGER)
    end

    # Every title's Meta module the engine defines, by title.
    def metas
      @metas ||= ::Engine::Game.constants.filter_map do |c|
        mod = ::Engine::Game.const_get(c)
        next unless mod.is_a?(Module) && mod.const_defined?(:Meta, false)

        meta = mod.const_get(:Meta, false)
        meta.respond_to?(:title) ? [meta.title, meta] : nil
      end.to_h
    end

    def meta_for(title)
      metas[title] or abort "the engine has no title #{title.inspect} " \
                            "(close ones: #{metas.keys.grep(/#{Regexp.escape(title[0, 4])}/i).first(8).join(', ')})"
    end

    # The folders to load for a title, parents first: those of the title it DEPENDS_ON or is a
    # variant of, those its files reach into with require_relative '../g_x/...', then its own.
    def folders_for(title, order = [], visiting = [])
      meta = meta_for(title)
      folder = folder_of(meta)
      return order if order.include?(folder) || visiting.include?(folder)

      visiting << folder
      parents = [meta::DEPENDS_ON, meta::GAME_IS_VARIANT_OF&.title].compact.select { |p| metas[p] }
      referenced(folder).each do |other|
        owner = metas.values.find { |m| folder_of(m) == other }
        owner ? parents << owner.title : (order << other unless order.include?(other))
      end
      parents.uniq.each { |p| folders_for(p, order, visiting) }
      order << folder
    end

    def folder_of(meta)
      File.basename(File.dirname(Object.const_source_location(meta.name).first))
    end

    def referenced(folder)
      Dir[File.join(@game_dir, folder, '**', '*.rb')].flat_map do |file|
        File.read(file).scan(%r{require_relative\s+'\.\./(g_[a-z0-9_]+)/}).flatten
      end.uniq - [folder]
    end

    # A title folder: its module file (g_x.rb), then every file in it.
    def load_folder(folder)
      dir = File.join(@game_dir, folder)
      abort "no title folder #{dir}" unless File.directory?(dir)
      quietly { Loading.require_in_order([File.join(@game_dir, "#{folder}.rb"), dir].select { |p| File.exist?(p) }) }
    end

    def game_class(meta)
      Object.const_get(meta.name.sub(/::Meta\z/, '::Game'))
    end

    private

    # Re-trying a file can define its constants twice; the warnings say nothing of use here.
    def quietly
      verbose = $VERBOSE
      $VERBOSE = nil
      yield
    ensure
      $VERBOSE = verbose
    end
  end

  # Engine objects as plain JSON values.
  module Plain
    module_function

    # Any constant the engine writes in Ruby literals (symbols, nested hashes) as JSON.
    def value(v)
      case v
      when Hash then v.to_h { |k, x| [k.to_s, value(x)] }
      when Array then v.map { |x| value(x) }
      when Symbol then v.to_s
      when String, Integer, Float, true, false, nil then v
      else v.to_s
      end
    end

    def kind(node)
      %i[city town offboard junction].find { |k| node.respond_to?("#{k}?") && node.send("#{k}?") }&.to_s ||
        node.class.name.split('::').last.downcase
    end

    # One value when every colour pays the same, else colour -> value.
    def revenue(node)
      return nil unless node.respond_to?(:revenue)

      r = node.revenue
      return r unless r.is_a?(Hash)

      r.values.uniq.size == 1 ? r.values.first : r.to_h { |colour, x| [colour.to_s, x] }
    end

    def node(n)
      out = { 'index' => n.index, 'kind' => kind(n) }
      rev = revenue(n)
      out['revenue'] = rev unless rev.nil?
      out['slots'] = n.slots if n.respond_to?(:slots) && kind(n) == 'city'
      groups = n.respond_to?(:groups) ? Array(n.groups) : []
      out['groups'] = groups unless groups.empty?
      out['visit_cost'] = n.visit_cost if n.respond_to?(:visit_cost) && n.visit_cost != 1
      out['route'] = n.route.to_s if n.respond_to?(:route) && n.route && n.route != :mandatory
      out['hidden'] = true if n.respond_to?(:hide) && n.hide
      # where the tile draws a city or town (an edge number, 'center' left out): a town drawn
      # by an edge stands in the track like one (docs/rules/common.md §3.7)
      out['loc'] = n.loc.to_s if n.respond_to?(:loc) && n.loc && n.loc.to_s != 'center'
      out['boom'] = true if n.respond_to?(:boom) && n.boom
      out
    end

    def end_of(part)
      part.edge? ? "e#{part.num}" : "n#{part.index}"
    end

    def path(p)
      out = { 'a' => end_of(p.a), 'b' => end_of(p.b) }
      out['terminal'] = p.terminal.to_s if p.terminal
      out['track'] = p.track.to_s if p.track && p.track != :broad
      # one of parallel lanes (tile code `lanes:n`, expanded by the engine into n paths): which
      # lane it takes at each end, spelt as the tile code's a_lane/b_lane ("width.index")
      single = ::Engine::Part::Path::LANES.first
      Array(p.lanes).zip(%w[a_lane b_lane]).each do |lane, key|
        out[key] = "#{lane[0]}.#{lane[1]}" if lane && lane != single
      end
      out['ignore'] = true if p.ignore
      out
    end

    # A tile: its revenue locations (also those no track reaches yet), its track (rotated
    # as it lies when `placed`, else as in the box), and what the map prints on it.
    def tile(t, name: t.name, placed: false)
      nodes = (t.cities + t.towns + t.offboards + [t.junction].compact + t.nodes).uniq.sort_by(&:index)
      paths = placed ? t.paths : t.instance_variable_get(:@paths)
      out = { 'name' => name, 'color' => t.color.to_s, 'nodes' => nodes.map { |n| node(n) },
              'paths' => paths.map { |p| path(p) } }
      extras = {
        'labels' => t.labels.map(&:to_s),
        'upgrade_costs' => t.upgrades.map { |u| { 'cost' => u.cost, 'terrains' => u.terrains.map(&:to_s) } },
        'borders' => t.borders.map { |b| { 'edge' => b.edge, 'type' => b.type&.to_s, 'cost' => b.cost }.compact },
        'stubs' => t.stubs.map(&:edge),
        'icons' => t.icons.map(&:name),
      }
      extras.each { |k, v| out[k] = v unless v.empty? }
      # an icon with blocks_lay: only a private's ability naming the tile lays it
      out['blocks_lay'] = true if t.blocks_lay
      # a label the tile asks of a later colour (18MEX 480: G in gray); a printed tile's is the
      # hex's future_label
      if !placed && (fl = t.future_label)
        out['future_label'] = { 'label' => fl.label.to_s, 'color' => fl.color.to_s }
      end
      out
    end
  end

  # A new game's static facts, in the shape tools/import_title.py reads.
  class Facts
    def initialize(title, meta, klass, folder)
      @title = title
      @meta = meta
      @klass = klass
      @folder = folder
      players = meta::PLAYER_RANGE&.max or abort "#{title}: no PLAYER_RANGE (a family whose variants are the titles?)"
      # id 1: the seed of the game's random set-up (Game::Base#initialize_seed reads the id)
      @game = klass.new((1..players).map { |i| "Player #{i}" }, id: 1)
    end

    def to_h
      {
        'title' => @title, 'layout' => @game.layout.to_s, 'axes' => Plain.value(@klass::AXES),
        'track_restriction' => @klass::TRACK_RESTRICTION.to_s,
        'impassable_hex_colors' => @klass::IMPASSABLE_HEX_COLORS.map(&:to_s),
        'tile_reservation_blocks' => @klass::TILE_RESERVATION_BLOCKS_OTHERS.to_s,
        'tile_lays' => Plain.value(@klass::TILE_LAYS),
        'hexes' => hexes, 'tiles' => tiles, 'trains' => trains, 'phases' => phases,
        'corporations' => corporations, 'minors' => minors, 'neutral' => neutral,
        'companies' => companies,
        'optional_rules' => optional_rules, 'meta' => about
      }
    end

    # Game::Base methods that decide which routes are legal and what they earn. A title whose
    # game class redefines one of them has route rules of its own, beyond the shared ones.
    ROUTE_METHODS = %i[
      route_trains route_distance check_distance check_other check_overlap check_connected
      check_route_token check_route_combination city_tokened_by? hex_edge_cost
      compute_stops visited_stops revenue_stops revenue_for extra_revenue routes_revenue subsidy_for
    ].freeze

    def route_overrides
      base = ::Engine::Game::Base
      ROUTE_METHODS.select do |m|
        (base.method_defined?(m) || base.private_method_defined?(m)) && @klass.instance_method(m).owner != base
      end.map(&:to_s)
    end

    private

    def catalogue_names
      @catalogue_names ||= @game.send(:game_tiles).keys.map(&:to_s)
    end

    # A preprinted tile keeps its name only when it is a tile of the title's box (a hex that
    # starts with a #57, say); the engine's generic codes ('city', 'blank', 'town', ...) and
    # code-only tiles are named after their hex.
    def hex_tile(hex)
      t = hex.tile
      if t.preprinted && !catalogue_names.include?(t.name)
        Plain.tile(t, name: hex.id, placed: true)
      else
        Plain.tile(t).merge('rotation' => t.rotation)
      end
    end

    def hexes
      @game.hexes.sort_by(&:id).map do |hex|
        out = { 'id' => hex.id, 'x' => hex.x, 'y' => hex.y }
        out['location'] = hex.location_name if hex.location_name
        out['tile'] = hex_tile(hex)
        out['neighbors'] = hex.neighbors.sort.to_h { |edge, other| [edge.to_s, other.id] }
        # sides facing a hex of the map the engine does not link (a blue, gray or red one
        # whose track does not point back: Game::Base#connect_hexes); track laid to one
        # (1888's Dalian ferry, L40a) is a dead end
        closed = hex.tile.borders.select { |b| b.type == :impassable }.map(&:edge)
        unlinked = hex.all_neighbors.reject { |edge, _| hex.neighbors[edge] || closed.include?(edge) }
        out['unlinked'] = unlinked.sort.to_h { |edge, other| [edge.to_s, other.id] } unless unlinked.empty?
        out['tokens'] = printed_tokens(hex.tile) unless hex.tile.cities.empty?
        if (fl = hex.tile.future_label)
          out['future_label'] = { 'label' => fl.label.to_s, 'color' => fl.color.to_s }
        end
        out
      end
    end

    # What each city shows as the game starts: tokens in its slots (homes placed at set-up,
    # neutral tokens), extra tokens beside them, and reservations (a corporation's sym or a
    # company's name).
    def printed_tokens(tile)
      tile.cities.sort_by(&:index).map do |city|
        { 'city' => city.index,
          'slots' => city.tokens.map { |tk| tk&.corporation&.name },
          'extra' => Array(city.respond_to?(:extra_tokens) ? city.extra_tokens : []).map { |tk| tk.corporation.name },
          'reserved' => Array(city.reservations).compact.map { |r| r.respond_to?(:name) ? r.name : r.to_s } }
      end
    end

    # The box: the tiles not on the board plus those a set-up took out of it onto the board,
    # in the engine's tile order (Tile#<=>: by colour, then number), ties by name.
    def tiles
      laid = @game.hexes.map(&:tile).reject(&:preprinted)
      colours = ::Engine::Tile::COLORS
      boxed = (@game.tiles + laid).group_by(&:name).map do |_, copies|
        first = copies.first
        [[colours.index(first.color) || colours.size, first.name.to_i, first.name],
         Plain.tile(first).merge('count' => first.unlimited ? 'unlimited' : copies.size)]
      end
      boxed.sort_by(&:first).map(&:last)
    end

    def trains
      @game.depot.upcoming.group_by(&:name).map do |name, copies|
        tr = copies.first
        out = { 'name' => name, 'distance' => Plain.value(tr.distance), 'price' => tr.price, 'count' => copies.size }
        out['multiplier'] = tr.multiplier if tr.multiplier
        %i[rusts_on obsolete_on available_on].each { |k| out[k.to_s] = tr.send(k) if tr.send(k) }
        faces = tr.variants.values
        if faces.size > 1
          out['variants'] = faces.map do |v|
            Plain.value(v.slice(:name, :distance, :price, :multiplier, :rusts_on, :obsolete_on).compact)
          end
        end
        out
      end
    end

    def phases
      (@game.phase&.phases || []).map do |p|
        Plain.value({ 'name' => p[:name], 'on' => p[:on], 'tiles' => p[:tiles], 'train_limit' => p[:train_limit],
                      'operating_rounds' => p[:operating_rounds], 'status' => p[:status] }.compact)
      end
    end

    def operator(entity)
      out = { 'sym' => entity.name, 'name' => entity.full_name }
      out['type'] = entity.type.to_s if entity.respond_to?(:type) && entity.type
      out['tokens'] = entity.tokens.map(&:price)
      # a token of another type than normal (1882's neutral one, CN's, that a corporation
      # places as its own): each token's type beside its price, and whose token each is
      types = entity.tokens.map { |tk| tk.type.to_s }
      out['token_types'] = types if types.any? { |ty| ty != 'normal' }
      owners = entity.tokens.map { |tk| tk.corporation&.name || entity.name }
      out['token_owners'] = owners if owners.any? { |o| o != entity.name }
      out['home'] = Plain.value(entity.coordinates) if entity.coordinates
      out['city'] = entity.city if entity.city
      dest = entity.respond_to?(:destination_coordinates) && entity.destination_coordinates
      out['destination'] = Plain.value(dest) if dest
      out['color'] = entity.color.to_s if entity.color
      out['text_color'] = entity.text_color.to_s if entity.text_color && entity.text_color.to_s != '#ffffff'
      out
    end

    # Every corporation the title defines: those in the game, then those its set-up took out
    # (by player count, option or draw), flagged.
    def corporations
      in_game = @game.corporations.map { |c| operator(c) }
      have = in_game.map { |c| c['sym'] }
      defined = @klass.const_defined?(:CORPORATIONS) ? @klass::CORPORATIONS : []
      removed = defined.reject { |c| have.include?(c[:sym]) }.map do |c|
        out = { 'sym' => c[:sym], 'name' => c[:name] }
        out['type'] = c[:type].to_s if c[:type]
        out['tokens'] = c[:tokens]
        out['home'] = Plain.value(c[:coordinates]) if c[:coordinates]
        out['city'] = c[:city] if c[:city]
        out['color'] = c[:color].to_s if c[:color]
        out['text_color'] = c[:text_color].to_s if c[:text_color] && c[:text_color].to_s != '#ffffff'
        out.merge('removed_at_setup' => true)
      end
      in_game + removed
    end

    def minors
      @game.minors.map { |m| operator(m) }
    end

    # Who holds the neutral tokens a set-up puts on the map (token type :neutral: they fill a
    # slot but block no route), a holder that is no corporation of the title.
    def neutral
      tokens = @game.hexes.flat_map { |h| h.tile.cities.flat_map { |c| c.tokens.compact } }
      tokens.select { |tk| tk.type == :neutral }.filter_map { |tk| tk.corporation&.name }.uniq.sort
    end

    # The private companies as the title's COMPANIES constant writes them (every ability with
    # all its fields), those the game's own list adds, and a flag on the ones a set-up took out.
    def companies
      defined = @klass.const_defined?(:COMPANIES) ? @klass::COMPANIES.to_a : []
      syms = defined.map { |c| c[:sym] }
      extra = Array(@game.send(:game_companies)).reject { |c| syms.include?(c[:sym]) }
      have = @game.companies.map(&:sym)
      (defined + extra).map do |c|
        out = Plain.value(c)
        have.include?(c[:sym]) ? out : out.merge('removed_at_setup' => true)
      end
    end

    # Where and what the title is, for the plugin stub tools/compile_title.py writes.
    def about
      parent = @meta::GAME_IS_VARIANT_OF
      { 'location' => @meta::GAME_LOCATION || parent&.const_get(:GAME_LOCATION),
        'subtitle' => @meta::GAME_SUBTITLE,
        'players' => @meta::PLAYER_RANGE, 'dev_stage' => @meta::DEV_STAGE.to_s,
        'folder' => @folder,
        'route_overrides' => route_overrides }
    end

    # Each optional rule, with the tile counts it changes and, where it changes them, its
    # whole train and phase lists (a game set up with that rule alone, against the
    # export's game: 1888-N's 51, 611, ...; 1836Jr56's diesel variant's D trains)
    def optional_rules
      base = tile_counts(@game)
      base_trains, base_phases = trains, phases
      @meta::OPTIONAL_RULES.map do |r|
        out = Plain.value(r.slice(:sym, :short_name, :desc))
        game = begin
          @klass.new(@game.players.map(&:name), id: 1, optional_rules: [r[:sym]])
        rescue StandardError, ScriptError
          nil # a rule the engine cannot set up alone
        end
        next out unless game

        changed = tile_counts(game).select { |name, count| base.key?(name) && base[name] != count }
        out['tiles'] = changed.sort.to_h unless changed.empty?
        ruled_trains, ruled_phases = with_game(game) { [trains, phases] }
        out['trains'] = ruled_trains unless ruled_trains == base_trains
        out['phases'] = ruled_phases unless ruled_phases == base_phases
        out
      end
    end

    def with_game(game)
      saved = @game
      @game = game
      yield
    ensure
      @game = saved
    end

    def tile_counts(game)
      laid = game.hexes.map(&:tile).reject(&:preprinted)
      (game.tiles + laid).group_by(&:name).to_h do |name, copies|
        [name, copies.first.unlimited ? 'unlimited' : copies.size]
      end
    end
  end

  def self.main(argv)
    abort 'usage: ruby tools/engine_export.rb ENGINE_DIR TITLE [FOLDER...]' if argv.size < 2
    engine_dir, title, *folders = argv
    out = $stdout
    $stdout = $stderr # the engine's logger writes to $stdout; only the JSON may go there
    engine = Checkout.new(engine_dir)
    engine.load_base
    folders = engine.folders_for(title) if folders.empty?
    folders.each { |f| engine.load_folder(f) }
    meta = engine.meta_for(title)
    facts = Facts.new(title, meta, engine.game_class(meta), engine.folder_of(meta)).to_h
    warn "#{title}: folders #{folders.join(' ')}; #{facts['hexes'].size} hexes, #{facts['tiles'].size} tiles, " \
         "#{facts['trains'].size} trains, #{facts['corporations'].size} corporations, " \
         "#{facts['companies'].size} companies"
    out.write(JSON.pretty_generate(facts), "\n")
  end
end

EngineExport.main(ARGV) if $PROGRAM_NAME == __FILE__
