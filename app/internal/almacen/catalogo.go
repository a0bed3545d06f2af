package almacen

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// Base es una variante con su léxico sobre la que se arman diccionarios:
// las reglas, el alfabeto y las palabras de partida.
type Base struct {
	// Nombre identifica la base ("es-clasica"); es lo que guarda una
	// partida como su variante.
	Nombre string
	// Idioma es el código del idioma ("es").
	Idioma string
	// Variante devuelve la variante con el léxico de la base. Se llama a lo
	// sumo una vez por Catalogo.
	Variante func() (*variante.Variante, error)
	// ConLexico devuelve la variante con otro léxico, en el mismo
	// alfabeto.
	ConLexico func(*trie.DAWG) (*variante.Variante, error)
}

// BaseEspanol es el español clásico de la FISE (espanol.Clasica), con su
// léxico embebido: "es-clasica".
func BaseEspanol() Base {
	return Base{
		Nombre:   "es-clasica",
		Idioma:   "es",
		Variante: func() (*variante.Variante, error) { return espanol.Clasica(), nil },
		ConLexico: func(d *trie.DAWG) (*variante.Variante, error) {
			return variante.Nueva(letra.EspanolConDigrafos(), espanol.Tamano, espanol.Fichas, espanol.PuntajesClasicos(), d,
				espanol.Clasica().Opciones())
		},
	}
}

// BaseIngles es el inglés clásico (ingles.Variante) con el léxico de v,
// que debe ser una variante inglesa (por ejemplo la de ingles.Leer con
// SOWPODS, que el módulo no trae): "en-clasica".
func BaseIngles(v *variante.Variante) Base {
	return Base{
		Nombre:    "en-clasica",
		Idioma:    "en",
		Variante:  func() (*variante.Variante, error) { return v, nil },
		ConLexico: ingles.Variante,
	}
}

// Catalogo da los diccionarios guardados en un repositorio de Diccionarios
// como variantes listas para jugar, de cualquiera de sus versiones, y
// cambia sus palabras validándolas con el alfabeto de su base. Construye cada
// variante una vez y la recuerda (y con ella el GADDAG de su léxico, que
// comparten los generadores). Es seguro para usar desde varias gorutinas.
type Catalogo struct {
	d     Diccionarios
	bases map[string]*entradaBase

	mu        sync.Mutex
	variantes map[claveVariante]*entradaVariante
}

type entradaBase struct {
	Base
	una sync.Once
	v   *variante.Variante
	err error
}

type claveVariante struct {
	nombre  string
	version int
}

type entradaVariante struct {
	listo    chan struct{}
	v        *variante.Variante
	err      error
	duracion time.Duration
}

// NuevoCatalogo devuelve un catálogo sobre d con las bases dadas. Si dos
// bases tienen el mismo nombre gana la última.
func NuevoCatalogo(d Diccionarios, bases ...Base) *Catalogo {
	c := &Catalogo{d: d, bases: map[string]*entradaBase{}, variantes: map[claveVariante]*entradaVariante{}}
	for _, b := range bases {
		c.bases[b.Nombre] = &entradaBase{Base: b}
	}
	return c
}

func (c *Catalogo) base(nombre string) (*entradaBase, *variante.Variante, error) {
	b, ok := c.bases[nombre]
	if !ok {
		return nil, nil, fmt.Errorf("%w: %q", ErrBaseDesconocida, nombre)
	}
	b.una.Do(func() {
		if b.Variante == nil {
			b.err = fmt.Errorf("%w: %q no tiene variante", ErrBaseDesconocida, nombre)
			return
		}
		b.v, b.err = b.Variante()
	})
	return b, b.v, b.err
}

// Crear crea el diccionario nombre sobre la base de ese nombre, con su
// idioma. Errores: ErrBaseDesconocida y los de
// Diccionarios.CrearDiccionario.
func (c *Catalogo) Crear(ctx context.Context, nombre, base string) (Diccionario, error) {
	b, _, err := c.base(base)
	if err != nil {
		return Diccionario{}, err
	}
	return c.d.CrearDiccionario(ctx, Diccionario{Nombre: nombre, Idioma: b.Idioma, Base: base})
}

// Asegurar es como Crear pero, si el diccionario ya existe con esa base, lo
// devuelve.
func (c *Catalogo) Asegurar(ctx context.Context, nombre, base string) (Diccionario, error) {
	d, err := c.d.Diccionario(ctx, nombre)
	if err == nil {
		if d.Base != base {
			return Diccionario{}, fmt.Errorf("%w: %q ya existe con la base %q", ErrNombreRepetido, nombre, d.Base)
		}
		return d, nil
	}
	if !errors.Is(err, ErrDiccionarioInexistente) {
		return Diccionario{}, err
	}
	d, err = c.Crear(ctx, nombre, base)
	if errors.Is(err, ErrNombreRepetido) { // otro lo creó mientras tanto
		return c.d.Diccionario(ctx, nombre)
	}
	return d, err
}

// normalizar lee cada palabra con el alfabeto de la base del diccionario y
// la devuelve escrita por el alfabeto (en mayúsculas). Si alguna no sirve
// devuelve un error que envuelve a ErrPalabraInvalida y al del alfabeto.
func (c *Catalogo) normalizar(ctx context.Context, nombre string, palabras []string) ([]string, error) {
	d, err := c.d.Diccionario(ctx, nombre)
	if err != nil {
		return nil, err
	}
	_, v, err := c.base(d.Base)
	if err != nil {
		return nil, err
	}
	alf := v.Alfabeto()
	res := make([]string, 0, len(palabras))
	for _, p := range palabras {
		l, err := alf.Parsear(p)
		if err != nil {
			return nil, fmt.Errorf("%w: %q: %w", ErrPalabraInvalida, p, err)
		}
		if len(l) < 2 || len(l) > v.TamanoTablero() {
			return nil, fmt.Errorf("%w: %q debe tener entre 2 y %d letras", ErrPalabraInvalida, p, v.TamanoTablero())
		}
		res = append(res, alf.Formatear(l))
	}
	return res, nil
}

// Agregar agrega palabras al diccionario nombre, en una versión nueva.
// Las palabras se leen con el alfabeto de la base: si alguna no puede
// escribirse con él (ErrPalabraInvalida) no se agrega ninguna.
func (c *Catalogo) Agregar(ctx context.Context, nombre string, palabras ...string) (Diccionario, error) {
	ps, err := c.normalizar(ctx, nombre, palabras)
	if err != nil {
		return Diccionario{}, err
	}
	return c.d.CambiarPalabras(ctx, nombre, ps, nil)
}

// Quitar quita palabras del diccionario nombre, en una versión nueva, con
// las mismas reglas que Agregar.
func (c *Catalogo) Quitar(ctx context.Context, nombre string, palabras ...string) (Diccionario, error) {
	ps, err := c.normalizar(ctx, nombre, palabras)
	if err != nil {
		return Diccionario{}, err
	}
	return c.d.CambiarPalabras(ctx, nombre, nil, ps)
}

// Variante devuelve la variante del diccionario nombre en la versión dada
// (0: la actual): la base con las palabras agregadas y sin las quitadas
// hasta esa versión. La versión 1, o cualquiera sin cambios netos, es la
// base misma; las demás se construyen (un DAWG nuevo con todas las
// palabras: un par de segundos con el español) una vez por catálogo.
// Errores: ErrDiccionarioInexistente, ErrBaseDesconocida.
func (c *Catalogo) Variante(ctx context.Context, nombre string, version int) (*variante.Variante, error) {
	v, _, err := c.VarianteMedida(ctx, nombre, version)
	return v, err
}

// VarianteMedida es como Variante y además dice cuánto llevó construirla
// (0 si ya estaba construida o es la base).
func (c *Catalogo) VarianteMedida(ctx context.Context, nombre string, version int) (*variante.Variante, time.Duration, error) {
	d, err := c.d.Diccionario(ctx, nombre)
	if err != nil {
		return nil, 0, err
	}
	if version == 0 {
		version = d.Version
	}
	if version < 1 || version > d.Version {
		return nil, 0, fmt.Errorf("%w: %q no tiene la versión %d", ErrDiccionarioInexistente, nombre, version)
	}
	clave := claveVariante{nombre, version}
	c.mu.Lock()
	e, ok := c.variantes[clave]
	if !ok {
		e = &entradaVariante{listo: make(chan struct{})}
		c.variantes[clave] = e
	}
	c.mu.Unlock()
	if ok {
		select {
		case <-e.listo:
			return e.v, 0, e.err
		case <-ctx.Done():
			return nil, 0, ctx.Err()
		}
	}
	t := time.Now()
	e.v, e.err = c.construir(ctx, d, version)
	e.duracion = time.Since(t)
	if e.err != nil { // no recordar los errores: pueden ser pasajeros
		c.mu.Lock()
		delete(c.variantes, clave)
		c.mu.Unlock()
	}
	close(e.listo)
	return e.v, e.duracion, e.err
}

func (c *Catalogo) construir(ctx context.Context, d Diccionario, version int) (*variante.Variante, error) {
	b, base, err := c.base(d.Base)
	if err != nil {
		return nil, err
	}
	cambios, err := c.d.Cambios(ctx, d.Nombre, version)
	if err != nil {
		return nil, err
	}
	alf := base.Alfabeto()
	neto := map[string]bool{}
	for _, cp := range cambios {
		neto[cp.Palabra] = cp.Agregada
	}
	agregar := map[string][]letra.Letra{}
	quitar := map[string]bool{}
	for p, ag := range neto {
		l, err := alf.Parsear(p)
		if err != nil {
			return nil, fmt.Errorf("%w: %q en el diccionario %q: %w", ErrPalabraInvalida, p, d.Nombre, err)
		}
		esta := base.Lexico().Contiene(l)
		switch {
		case ag && !esta:
			agregar[p] = l
		case !ag && esta:
			quitar[p] = true
		}
	}
	if len(agregar) == 0 && len(quitar) == 0 {
		return base, nil
	}
	if b.ConLexico == nil {
		return nil, fmt.Errorf("%w: %q no admite cambios de léxico", ErrBaseDesconocida, d.Base)
	}
	palabras := make([][]letra.Letra, 0, base.Lexico().Tamano()+len(agregar))
	for p := range base.Lexico().Palabras() {
		if len(quitar) > 0 && quitar[alf.Formatear(p)] {
			continue
		}
		palabras = append(palabras, append([]letra.Letra(nil), p...))
	}
	for _, l := range agregar {
		palabras = append(palabras, l)
	}
	dawg, err := trie.NuevoDAWG(palabras)
	if err != nil {
		return nil, err
	}
	return b.ConLexico(dawg)
}

// Generador devuelve un generador de jugadas nuevo para v, con el GADDAG
// de su léxico, que la variante obtiene una vez (variante.Variante.GADDAG:
// lo lee si viene embebido, y si no lo construye, un segundo con el
// español) y comparte. Cada gorutina debe tener su generador.
func (c *Catalogo) Generador(v *variante.Variante) (*generador.GADDAG, error) {
	return generador.Nuevo(v, generador.Opciones{})
}

// Precalentar construye de antemano la variante de cada base y el GADDAG
// de su léxico (lo que la primera jugada de un bot con esa base haría
// esperar: leerlo o construirlo), en orden de nombre, hasta que ctx se
// cancela. Devuelve el primer error (y sigue con las demás bases).
func (c *Catalogo) Precalentar(ctx context.Context) error {
	var errs []error
	for _, nombre := range slices.Sorted(maps.Keys(c.bases)) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		_, v, err := c.base(nombre)
		if err == nil {
			_, err = generador.GADDAGDe(v)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("base %s: %w", nombre, err))
		}
	}
	return errors.Join(errs...)
}
